// /privacy-policy: the privacy notice as text (DESIGN §5 change: the spec's images become text).
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
