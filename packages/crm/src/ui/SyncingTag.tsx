import { SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

/** The "Syncing" badge of a list while its query fetches (docs/requirements.md#sidebar-crm: the Leads section shows one). */
export function SyncingTag({ isFetching }: { isFetching: boolean }) {
  if (!isFetching) return null;
  return (
    <Tag icon={<SyncOutlined spin aria-hidden="true" />} color="processing">
      Syncing
    </Tag>
  );
}
