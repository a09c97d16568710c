import { MESSAGES } from '@shine/shared/messages';
import { Result } from 'antd';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle(MESSAGES.notFound.title);
  return (
    <main>
      <Result
        status="404"
        title={<h1 className="not-found-title">{MESSAGES.notFound.title}</h1>}
        subTitle={MESSAGES.notFound.text}
        extra={
          <ButtonLink to="/" type="primary">
            Go to Admin Login
          </ButtonLink>
        }
      />
    </main>
  );
}
