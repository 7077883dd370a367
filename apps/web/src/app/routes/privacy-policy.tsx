// /privacy-policy: the privacy notice as text (docs/product.md → Deliberate changes: text, not images).
import { Seo } from '../../components/layout/seo';
import { LegalPage } from '../../features/content/components/legal-page';
import { privacy } from '../../features/content/data/privacy';

export function Component() {
  return (
    <main>
      <Seo title={privacy.title} description={privacy.description} type="article" />
      <LegalPage doc={privacy} />
    </main>
  );
}
