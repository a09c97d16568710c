import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Opens the antd Select named `label` and clicks its option `option` (antd's own item, not the hidden a11y list). */
export async function chooseOption(label: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(item);
}
