import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useRef } from 'react';
import type { InputRef } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { useToast } from '../ui/use-toast.ts';

/** A set-up link just made, for the admin to pass on. */
export interface IssuedLink {
  name: string;
  email: string;
  setupUrl: string;
  expiresAt: string;
  /** Whether the server also e-mailed it; unknown (undefined) for a reset, which is not e-mailed. */
  emailed?: boolean;
}

/**
 * Shows a new set-up link in a read-only field with a Copy button. The link is shown once: the server
 * keeps only its hash, so closing this is the last chance to copy it (a new one can always be made).
 */
export function SetupLinkDialog({ link, onClose }: { link: IssuedLink | undefined; onClose: () => void }) {
  const toast = useToast();
  const inputRef = useRef<InputRef>(null);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.setupUrl);
      toast.success('Link copied', `Send it to ${link.name}.`);
    } catch {
      // No clipboard permission (an insecure origin, an old browser): leave the text selected to copy by hand.
      inputRef.current?.select();
      toast.error('Could not copy', 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  };

  return (
    <Modal
      title={link ? `Set-up link for ${link.name}` : 'Set-up link'}
      open={Boolean(link)}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      destroyOnHidden
    >
      {link ? (
        <div className="section-stack">
          <Typography.Paragraph>
            {link.name} chooses a password with this link. It works once, until {formatDateTime(link.expiresAt)}.
          </Typography.Paragraph>
          {link.emailed === true ? (
            <Alert type="success" showIcon title={`It was also e-mailed to ${link.email}.`} />
          ) : null}
          {link.emailed === false ? (
            <Alert
              type="warning"
              showIcon
              title="It was not e-mailed"
              description={`No e-mail went out (e-mail sending is not set up, or it failed): copy the link and send it to ${link.email} yourself.`}
            />
          ) : null}
          <div>
            <label htmlFor="setup-link-url" className="field-label">
              Set-up link
            </label>
            <Space.Compact block>
              <Input
                id="setup-link-url"
                ref={inputRef}
                readOnly
                value={link.setupUrl}
                onFocus={(e) => e.target.select()}
              />
              <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()} className="touch-target">
                Copy
              </Button>
            </Space.Compact>
          </div>
          <Typography.Paragraph type="secondary">
            This is the only time the link is shown. If it is lost, make a new one: the older link then stops working.
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
