import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { sectionPath } from '../navigation/index.ts';

/**
 * docs/requirements.md#tabbed-dashboard: on this older dashboard the Activities and Analytics tabs are placeholders; the
 * sidebar CRM has both sections in full, so the placeholder points there.
 */
export function PlaceholderTab({ title, text, section }: { title: string; text: string; section: string }) {
  return (
    <Card>
      <Result
        icon={<ClockCircleOutlined aria-hidden="true" />}
        title={title}
        subTitle={text}
        extra={<ButtonLink to={sectionPath(section)}>Open {title} in the Basic Dashboard</ButtonLink>}
      />
    </Card>
  );
}
