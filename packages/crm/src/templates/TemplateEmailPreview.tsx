import { templatePreviewSchema } from '@shine/shared/templates';
import { Alert, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../ui/error-text.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useDebouncedValue } from '../ui/use-debounced-value.ts';
import { useTemplatePreview } from './templates.hooks.ts';
import './template-editor.css';

/** The widths mail is read at: the layout's own width, and a phone's. */
const VIEWS = {
  desktop: { label: 'Desktop', width: 600 },
  phone: { label: 'Phone', width: 390 },
  text: { label: 'Text', width: 0 },
} as const;
type View = keyof typeof VIEWS;

/** A pause in typing before the server renders again. */
const RENDER_DELAY_MS = 300;

interface TemplateEmailPreviewProps {
  name: string | undefined;
  subject: string | undefined;
  content: string | undefined;
}

/**
 * The e-mail template being edited, as a customer gets it: the server renders it with the layout that
 * sends it (nothing is re-drawn here), shown in a sandboxed frame at desktop and phone widths, or its
 * plain-text twin.
 */
export function TemplateEmailPreview({ name, subject, content }: TemplateEmailPreviewProps) {
  const [view, setView] = useState<View>('desktop');
  // Debounced as one string: a new object every render would restart the pause for ever.
  const key = useDebouncedValue(
    content?.trim()
      ? JSON.stringify({ name: name?.trim() || undefined, subject: subject?.trim() || null, content })
      : '',
    RENDER_DELAY_MS,
  );
  // What the server would refuse (an unknown placeholder) is said here, without asking it.
  const parsed = useMemo(() => (key ? templatePreviewSchema.safeParse(JSON.parse(key)) : undefined), [key]);
  const input = parsed?.success ? parsed.data : undefined;
  const preview = useTemplatePreview(input);
  const data = input ? preview.data : undefined;

  return (
    <section className="email-preview" aria-labelledby="email-preview-title" aria-busy={preview.isFetching}>
      <div className="email-preview-bar">
        <Typography.Title level={2} id="email-preview-title" className="email-preview-title">
          Preview
        </Typography.Title>
        <Radio.Group
          aria-label="Preview as"
          optionType="button"
          size="small"
          value={view}
          onChange={(event) => setView(event.target.value as View)}
          options={Object.entries(VIEWS).map(([value, { label }]) => ({ value, label }))}
        />
      </div>
      <Typography.Paragraph type="secondary" className="email-preview-note">
        As a customer gets it: placeholders are filled with an example lead, Ann Lee.
      </Typography.Paragraph>
      {parsed && !parsed.success ? (
        <Alert type="warning" showIcon title="No preview" description={parsed.error.issues[0]?.message} />
      ) : !input ? (
        <Typography.Paragraph>Write the content to see the e-mail.</Typography.Paragraph>
      ) : preview.isError ? (
        <Alert type="warning" showIcon title="No preview" description={errorText(preview.error)} />
      ) : !data ? (
        <LoadingSkeleton rows={6} />
      ) : (
        <>
          <Typography.Paragraph className="email-preview-subject">
            <Typography.Text strong>Subject:</Typography.Text> {data.subject}
          </Typography.Paragraph>
          {view === 'text' ? (
            <figure className="email-preview-text" aria-label="Plain-text version">
              <pre>{data.text}</pre>
            </figure>
          ) : (
            <div className="email-preview-frame">
              <iframe
                title={`E-mail preview at ${VIEWS[view].label.toLowerCase()} width (${VIEWS[view].width} px)`}
                sandbox=""
                srcDoc={data.html}
                width={VIEWS[view].width}
                height={640}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
