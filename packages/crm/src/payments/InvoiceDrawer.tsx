import { Drawer, Grid } from 'antd';
import { InvoiceDetail } from './InvoiceDetail.tsx';

/** An invoice beside the list that opened it (the whole screen on a phone). */
export function InvoiceDrawer({
  invoiceId,
  number,
  onClose,
}: {
  invoiceId: string | undefined;
  number: string | undefined;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={invoiceId !== undefined}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      title={number ? `Invoice ${number}` : 'Invoice'}
      destroyOnHidden
    >
      {invoiceId ? <InvoiceDetail invoiceId={invoiceId} /> : null}
    </Drawer>
  );
}
