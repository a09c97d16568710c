import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { toTelHref } from '@shine/shared/format';

/** Click-to-call and click-to-email for a lead. */
export function ContactLinks({
  email,
  phone,
  layout = 'stack',
}: {
  email: string;
  phone: string;
  layout?: 'stack' | 'inline';
}) {
  return (
    <span className={`contact-links contact-links-${layout}`}>
      <a href={`mailto:${email}`} className="contact-link">
        <MailOutlined aria-hidden="true" /> <span className="contact-link-text">{email}</span>
      </a>
      <a href={toTelHref(phone)} className="contact-link">
        <PhoneOutlined aria-hidden="true" /> <span className="contact-link-text">{phone}</span>
      </a>
    </span>
  );
}
