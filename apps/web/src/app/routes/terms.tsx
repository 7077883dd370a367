// /terms (docs/product.md → Terms): terms and conditions, last updated May 2025.
import { Seo } from '../../components/layout/seo';
import { LegalPage } from '../../features/content/components/legal-page';
import { terms } from '../../features/content/data/terms';

export function Component() {
  return (
    <main>
      <Seo title={terms.title} description={terms.description} type="article" />
      <LegalPage doc={terms} />
    </main>
  );
}
