import { TEMPLATE_TYPES } from '@shine/shared/enums';
import { TEMPLATE_PLACEHOLDERS } from '@shine/shared/template-render';
import { templateCreateSchema } from '@shine/shared/templates';
import type { Template } from '@shine/shared/types';
import { Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { saveParsedForm, useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { DEFAULT_TEMPLATE_VALUES, fromTemplate, type TemplateFormValues, toTemplatePayload } from './template-form.ts';
import { TemplateEmailPreview } from './TemplateEmailPreview.tsx';
import { TEMPLATE_TYPE_LABELS } from './template-labels.ts';
import { useCreateTemplate, useUpdateTemplate } from './templates.hooks.ts';

const rule = (field: string) => zodRule(templateCreateSchema, field, toTemplatePayload);

interface TemplateFormDialogProps {
  open: boolean;
  onClose: () => void;
  template?: Template;
}

/** New / Edit Template: name, type, subject (e-mail only), content with placeholders, active. */
export function TemplateFormDialog({ open, onClose, template }: TemplateFormDialogProps) {
  const [form] = Form.useForm<TemplateFormValues>();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();
  const type = Form.useWatch('type', form) ?? DEFAULT_TEMPLATE_VALUES.type;
  const name = Form.useWatch('name', form);
  const subject = Form.useWatch('subject', form);
  const content = Form.useWatch('content', form);
  const isEmail = type === 'email';
  const pending = create.isPending || update.isPending;

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    markSubmitted();
    await saveParsedForm(form, templateCreateSchema, toTemplatePayload, (payload) => {
      if (template) update.mutate({ id: template.id, changes: payload }, { onSuccess: close });
      else create.mutate(payload, { onSuccess: close });
    });
  };

  const insertPlaceholder = (name: string) => {
    const content: string = form.getFieldValue('content') ?? '';
    const separator = content === '' || content.endsWith(' ') || content.endsWith('\n') ? '' : ' ';
    form.setFieldValue('content', `${content}${separator}{{${name}}}`);
    if (validateTrigger === 'onChange') void form.validateFields(['content']);
  };

  return (
    <Modal
      title={template ? 'Edit Template' : 'New Template'}
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText={pending ? 'Saving...' : template ? 'Save Changes' : 'Create Template'}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
      width={isEmail ? 1280 : 640}
    >
      <div className={isEmail ? 'template-editor template-editor--with-preview' : 'template-editor'}>
        <Form<TemplateFormValues>
          form={form}
          layout="vertical"
          preserve={false}
          validateTrigger={validateTrigger}
          initialValues={template ? fromTemplate(template) : DEFAULT_TEMPLATE_VALUES}
        >
          <Form.Item label="Name" name="name" required rules={[rule('name')]}>
            <Input maxLength={200} placeholder="e.g. Quote follow-up" />
          </Form.Item>
          <div className="form-grid">
            <Form.Item label="Type" name="type" required rules={[rule('type')]}>
              <Radio.Group
                optionType="button"
                options={TEMPLATE_TYPES.map((value) => ({ value, label: TEMPLATE_TYPE_LABELS[value] }))}
              />
            </Form.Item>
            <Form.Item label="Active" name="isActive" valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
          {isEmail ? (
            <Form.Item label="Subject" name="subject" rules={[rule('subject')]}>
              <Input maxLength={300} placeholder="e.g. Your cleaning quote, {{firstName}}" />
            </Form.Item>
          ) : null}
          <Form.Item
            label="Content"
            name="content"
            required
            rules={[rule('content')]}
            extra="Placeholders such as {{firstName}} and {{lastName}} are filled in for each lead."
          >
            <Input.TextArea rows={6} maxLength={type === 'sms' ? 1600 : 10_000} showCount />
          </Form.Item>
          <Form.Item label="Insert placeholder" htmlFor="template-placeholder">
            <Select
              id="template-placeholder"
              value={null}
              placeholder="Choose a placeholder to add to the content"
              showSearch
              onChange={(name: string | null) => {
                if (name) insertPlaceholder(name);
              }}
              options={TEMPLATE_PLACEHOLDERS.map((name) => ({ value: name, label: `{{${name}}}` }))}
            />
          </Form.Item>
        </Form>
        {isEmail ? <TemplateEmailPreview name={name} subject={subject} content={content} /> : null}
      </div>
    </Modal>
  );
}
