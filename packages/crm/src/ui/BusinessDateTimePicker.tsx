import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { instantOfPickerValue, pickerValueOf } from '../format/picker-time.ts';

type Passed = Omit<DatePickerProps, 'value' | 'onChange' | 'presets' | 'showTime' | 'format' | 'showNow' | 'picker'>;

interface BusinessDateTimePickerProps extends Passed {
  /** The instant (as Form.Item hands it over); shown as the business's date and wall clock. */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** Preset instants ("Tomorrow 9 AM" computed on the business's clock). */
  presets?: Array<{ label: string; value: Dayjs }>;
}

/**
 * A date and time on the business's clock, whatever the browser's zone: its value is the instant, the
 * picker shows and takes that instant's wall clock in the business's zone (picker-time.ts). The field's
 * label says the zone ("Next follow-up (CT)"). No "Now" button: antd's would read the browser's clock.
 */
export function BusinessDateTimePicker({ value, onChange, presets, ...rest }: BusinessDateTimePickerProps) {
  return (
    <DatePicker
      {...rest}
      value={value ? pickerValueOf(value) : null}
      onChange={(picked) => {
        const one = Array.isArray(picked) ? picked[0] : picked;
        onChange?.(one ? dayjs(instantOfPickerValue(one)) : null);
      }}
      presets={presets?.map((preset) => ({ label: preset.label, value: pickerValueOf(preset.value) }))}
      showTime={{ format: 'h:mm A', use12Hours: true, minuteStep: 5 }}
      format="MMM D, YYYY h:mm A"
      showNow={false}
    />
  );
}
