import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS, VALIDATION } from '@shine/shared/messages';
import { templatePreviewResultSchema } from '@shine/shared/responses/templates';
import type { Template } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, countRows, describeApi, useTestApp } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EMAIL = {
  name: 'Welcome',
  type: 'email',
  subject: 'Hi {{firstName}}',
  content: 'Use {{ promoCode }} for $40 off, {{firstName}} {{lastName}}.',
};

describeApi('templates', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  const create = async (body: object = EMAIL) => {
    const response = await agent.post('/api/admin/templates').send(body);
    expect(response.status, response.text).toBe(201);
    return response.body as Template;
  };

  it('creates a template with variables derived from subject and content', async () => {
    const template = await create();
    expect(template).toMatchObject({
      name: 'Welcome',
      type: 'email',
      subject: 'Hi {{firstName}}',
      variables: ['firstName', 'promoCode', 'lastName'],
      isActive: true,
    });
  });

  it('keeps variables when given (as a list or as JSON text)', async () => {
    expect((await create({ ...EMAIL, variables: ['firstName'] })).variables).toEqual(['firstName']);
    expect((await create({ ...EMAIL, variables: '["lastName"]' })).variables).toEqual(['lastName']);
  });

  it('stores no subject for SMS and task templates', async () => {
    const sms = await create({
      name: 'Reminder',
      type: 'sms',
      subject: 'Ignored {{email}}',
      content: 'See you, {{firstName}}',
    });
    expect(sms.subject).toBeNull();
    expect(sms.variables).toEqual(['firstName']);
  });

  it.each([
    [{ ...EMAIL, name: '' }, VALIDATION.name],
    [{ ...EMAIL, content: '  ' }, VALIDATION.content],
    [{ ...EMAIL, type: 'letter' }, 'Type must be one of: email, sms, task'],
    [{ ...EMAIL, content: 'Hello {{nickname}}' }, expect.stringMatching(/^Unknown placeholder \{\{nickname\}\}/)],
    [{ ...EMAIL, variables: 'not json' }, 'Variables must be a list of names'],
  ])('refuses %o → %s', async (body, message) => {
    const response = await agent.post('/api/admin/templates').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it('lists templates newest first', async () => {
    await create({ ...EMAIL, name: 'older' });
    await create({ ...EMAIL, name: 'newer' });
    expect(((await agent.get('/api/admin/templates')).body as Template[]).map((x) => x.name)).toEqual([
      'newer',
      'older',
    ]);
  });

  it('PATCH updates fields and derives the variables again when the text changes', async () => {
    const template = await create();
    const renamed = await agent.patch(`/api/admin/templates/${template.id}`).send({ name: 'Renamed', isActive: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', isActive: false, variables: template.variables });
    const rewritten = await agent
      .patch(`/api/admin/templates/${template.id}`)
      .send({ content: 'Call {{companyPhone}}' });
    expect(rewritten.body.variables).toEqual(['firstName', 'companyPhone']);
    const toSms = await agent.patch(`/api/admin/templates/${template.id}`).send({ type: 'sms' });
    expect(toSms.body).toMatchObject({ type: 'sms', subject: null, variables: ['companyPhone'] });
  });

  it('PATCH validates, and answers 404 for an unknown template', async () => {
    const template = await create();
    const bad = await agent.patch(`/api/admin/templates/${template.id}`).send({ subject: 'Hi {{who}}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unknown placeholder \{\{who\}\}/);
    expect((await agent.patch(`/api/admin/templates/${template.id}`).send({})).body.message).toBe('Nothing to update');
    const missing = await agent.patch(`/api/admin/templates/${UNKNOWN_ID}`).send({ name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: API_ERRORS.templateNotFound });
  });

  it('DELETE removes the template (204), then 404', async () => {
    const template = await create();
    expect((await agent.delete(`/api/admin/templates/${template.id}`)).status).toBe(204);
    const again = await agent.delete(`/api/admin/templates/${template.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: API_ERRORS.templateNotFound });
  });

  it('previews an e-mail template, saved or not, as the example lead gets it: the layout’s HTML and its text twin', async () => {
    const response = await agent
      .post('/api/admin/templates/preview')
      .send({
        name: 'Welcome',
        subject: 'Hi {{firstName}}',
        content: 'Use {{promoCode}} <b>now</b>, {{firstName}}.\n\nBook: {{bookingUrl}}',
      })
      .expect(200);
    const preview = templatePreviewResultSchema.parse(response.body);
    expect(preview.subject).toBe('Hi Ann');
    expect(preview.html).toMatch(/<html[^>]* lang="en"/);
    expect(preview.html).toContain('<title>Hi Ann</title>');
    expect(preview.html).toContain('Use WELCOME40 &lt;b&gt;now&lt;/b&gt;, Ann.');
    expect(preview.html).toContain(`href="${DEFAULT_COMPANY.bookingUrl}"`);
    expect(preview.html).not.toMatch(/<script/i);
    expect(preview.text).toContain(`Use WELCOME40 <b>now</b>, Ann.\n\nBook: ${DEFAULT_COMPANY.bookingUrl}`);
    expect(preview.text).toContain('Unsubscribe from these e-mails: ');
    // Without a subject, the template's name is the subject, as when it is sent.
    const unnamed = await agent
      .post('/api/admin/templates/preview')
      .send({ name: 'Welcome', content: 'Hi' })
      .expect(200);
    expect(unnamed.body.subject).toBe('Welcome');
    expect(await countRows(t.db, 'templates')).toBe(0);
  });

  it('refuses to preview what could not be saved: no content, an unknown placeholder', async () => {
    const empty = await agent.post('/api/admin/templates/preview').send({ subject: 'Hi', content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(VALIDATION.content);
    const unknown = await agent.post('/api/admin/templates/preview').send({ content: 'Hi {{who}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Unknown placeholder \{\{who\}\}/);
  });
});
