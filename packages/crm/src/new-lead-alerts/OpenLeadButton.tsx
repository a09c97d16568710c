import { Button } from 'antd';

/** The alert's action: opens the new lead's drawer. */
export function OpenLeadButton({ onOpen, name }: { onOpen: () => void; name: string }) {
  return (
    <Button type="primary" size="small" onClick={onOpen} aria-label={`Open: ${name}`}>
      Open
    </Button>
  );
}
