import { AUTOMATION_RECIPE_KEYS, AUTOMATION_RECIPES } from '@shine/shared/automation-recipes';
import { API_ERRORS } from '@shine/shared/messages';
import type { AutomationRecipeState } from '@shine/shared/responses/automations';
import {
  FORMER_WELCOME_EMAIL_SUBJECT,
  STARTER_TEMPLATE_KEYS,
  STARTER_TEMPLATES,
  WELCOME_EMAIL_SUBJECT,
} from '@shine/shared/starter-templates';
import { renderTemplate } from '@shine/shared/template-render';
import type { Automation, Template } from '@shine/shared/types';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { migrateDown, migrateLatest } from '../src/db/migrate.ts';
import type { TemplateRow } from '../src/db/tables.ts';
import { restoreStarterTemplate } from '../src/templates/templates.service.ts';
import {
  type Agent,
  countRows,
  createTestDatabase,
  describeApi,
  type TestDatabase,
  useTestApp,
} from './support/test-app.ts';

const STARTER_MIGRATION = '20251127090000_starter_content.ts';
const WELCOME_SUBJECT_MIGRATION = '20251208090000_welcome_email_subject.ts';
const VISIT_STARTER_KEYS = [
  'booking-confirmation-sms',
  'visit-reminder-sms',
  'visit-reminder-email',
  'review-request-email',
];

async function starterRow(db: Knex, key: string): Promise<TemplateRow> {
  const row = await db('templates').where({ starter_key: key }).first();
  if (!row) throw new Error(`no starter ${key}`);
  return row;
}

describeApi('starter templates on a fresh database', () => {
  let testDb: TestDatabase;
  const db = () => testDb.database.knex;
  const starterKeys = async () =>
    (await db()('templates')
      .orderBy([{ column: 'created_at', order: 'desc' }])
      .pluck('starter_key')) as unknown[];

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('a fresh database has the starters, once, newest first in the order of their keys', async () => {
    expect(await starterKeys()).toEqual([...STARTER_TEMPLATE_KEYS]);
    expect(await migrateLatest(db())).toEqual([]);
    expect(await countRows(db(), 'templates')).toBe(STARTER_TEMPLATE_KEYS.length);
    const welcome = await starterRow(db(), 'welcome-email');
    expect(welcome).toMatchObject({ name: 'Welcome e-mail', type: 'email', is_active: true });
    expect(welcome.variables).toEqual(expect.arrayContaining(['firstName', 'bookingUrl', 'promoCode']));
    expect(await countRows(db(), 'automations')).toBe(0);
  });

  it('the Welcome e-mail has a subject of its own that says what it is, not the quote e-mail’s', async () => {
    const welcome = await starterRow(db(), 'welcome-email');
    expect(welcome.subject).toBe(WELCOME_EMAIL_SUBJECT);
    // The quote e-mail's subject is "Your cleaning quote from …: $total"; this message holds no quote.
    expect(welcome.subject).not.toMatch(/cleaning quote from/i);
    const subject = renderTemplate(welcome.subject ?? '', { firstName: 'Ann' });
    expect(subject).toBe('Thanks for your quote request, Ann: we will call you shortly');
  });

  it('an install whose Welcome e-mail still has the old subject gets the new one; a subject staff wrote stays', async () => {
    const reverted: string[] = [];
    while (!reverted.includes(WELCOME_SUBJECT_MIGRATION)) {
      const step = await migrateDown(db());
      expect(step, 'the subject migration was never reverted').not.toEqual([]);
      reverted.push(...step);
    }
    expect((await starterRow(db(), 'welcome-email')).subject).toBe(FORMER_WELCOME_EMAIL_SUBJECT);
    await migrateLatest(db());
    expect((await starterRow(db(), 'welcome-email')).subject).toBe(WELCOME_EMAIL_SUBJECT);

    while ((await migrateDown(db())).every((name) => name !== WELCOME_SUBJECT_MIGRATION)) {
      // back to just before the subject migration
    }
    await db()('templates').where({ starter_key: 'welcome-email' }).update({ subject: 'Hello from us, {{firstName}}' });
    await migrateLatest(db());
    expect((await starterRow(db(), 'welcome-email')).subject).toBe('Hello from us, {{firstName}}');
    await db()('templates').where({ starter_key: 'welcome-email' }).update({ subject: WELCOME_EMAIL_SUBJECT });
  });

  it('a starter staff deleted does not come back when the server migrates again', async () => {
    await db()('templates').where({ starter_key: 'welcome-sms' }).delete();
    expect(await migrateLatest(db())).toEqual([]);
    expect(await starterKeys()).toEqual(STARTER_TEMPLATE_KEYS.filter((key) => key !== 'welcome-sms'));
  });

  it('a database that already has templates gets no first starters, but the scheduling ones, once', async () => {
    // Back to just before the starter content (later migrations first), then forward again.
    const reverted: string[] = [];
    while (!reverted.includes(STARTER_MIGRATION)) {
      const step = await migrateDown(db());
      expect(step, 'the starter migration was never reverted').not.toEqual([]);
      reverted.push(...step);
    }
    await db()('templates').delete();
    await db()('templates').insert({ name: 'Our own', type: 'sms', content: 'Hi {{firstName}}' });
    expect(await migrateLatest(db())).toEqual([...reverted].reverse());
    // The scheduling starters, and our own template (no key); in no particular order: the migration's
    // rows and ours may share a creation time.
    const keys = await starterKeys();
    expect(keys.filter((key) => key !== null).sort()).toEqual([...VISIT_STARTER_KEYS].sort());
    expect(keys.filter((key) => key === null)).toHaveLength(1);
    expect(await db()('templates').where({ starter_key: null }).pluck('name')).toEqual(['Our own']);
    // Taken keys are left alone: a second pass of the scheduling starters adds nothing.
    await migrateDown(db());
    await migrateLatest(db());
    expect(await countRows(db(), 'templates')).toBe(VISIT_STARTER_KEYS.length + 1);
  });
});

describeApi('automation recipes', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
    // Tables are emptied before each test; a fresh install's starters come back here.
    for (const key of STARTER_TEMPLATE_KEYS) await restoreStarterTemplate(t.db, key, null);
  });

  const states = async () => {
    const response = await agent.get('/api/admin/automations/recipes');
    expect(response.status, response.text).toBe(200);
    return response.body as AutomationRecipeState[];
  };
  const add = (key: string, body: object = {}) => agent.post(`/api/admin/automations/recipes/${key}`).send(body);

  it('lists every recipe as not added, with its template present', async () => {
    expect(await states()).toEqual(
      AUTOMATION_RECIPE_KEYS.map((key) => ({ key, automationId: null, templateMissing: false })),
    );
  });

  it('adds the welcome recipe as an inactive rule that sends the starter welcome e-mail', async () => {
    const response = await add('welcome-email');
    expect(response.status, response.text).toBe(201);
    const rule = response.body as Automation;
    const welcome = (await agent.get('/api/admin/templates')).body.find(
      (template: Template) => template.name === STARTER_TEMPLATES['welcome-email'].name,
    ) as Template;
    expect(rule).toMatchObject({ name: 'Welcome e-mail on a new quote', trigger: 'lead_created', isActive: false });
    expect(JSON.parse(rule.actions)).toEqual({ type: 'send_email', templateId: welcome.id });
    const state = (await states()).find((candidate) => candidate.key === 'welcome-email');
    expect(state).toEqual({ key: 'welcome-email', automationId: rule.id, templateMissing: false });
  });

  it('every recipe makes a valid inactive rule of its trigger', async () => {
    for (const recipe of AUTOMATION_RECIPES) {
      const response = await add(recipe.key);
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({ name: recipe.name, trigger: recipe.trigger, isActive: false });
      expect(JSON.parse((response.body as Automation).conditions)).toEqual(recipe.conditions);
    }
    const chase = (await states()).find((state) => state.key === 'chase-after-2-days');
    expect(chase?.automationId).not.toBeNull();
  });

  it('refuses a body that is not an object, JSON null included, and makes no rule', async () => {
    for (const body of ['null', '5', '"yes"', '[]']) {
      const response = await agent
        .post('/api/admin/automations/recipes/welcome-email')
        .set('content-type', 'application/json')
        .send(body);
      expect(response.status, `${body}: ${response.text}`).toBe(400);
    }
    // No body at all is the usual click: the options are all optional.
    expect((await agent.post('/api/admin/automations/recipes/welcome-email')).status).toBe(201);
    expect(await countRows(t.db, 'automations')).toBe(1);
  });

  it('is idempotent: a second click, or two at once, make one rule', async () => {
    const [first, second] = await Promise.all([add('call-within-15-minutes'), add('call-within-15-minutes')]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    const again = await add('call-within-15-minutes');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await countRows(t.db, 'automations')).toBe(1);
  });

  it('after the switch turns it on, a repeat click leaves the rule as staff set it', async () => {
    const { body: rule } = await add('call-within-15-minutes');
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ isActive: true }).expect(200);
    const again = await add('call-within-15-minutes');
    expect(again.body).toMatchObject({ id: rule.id, isActive: true });
  });

  it('deleting the rule offers the recipe again', async () => {
    const { body: rule } = await add('chase-after-2-days');
    await agent.delete(`/api/admin/automations/${rule.id}`).expect(204);
    expect((await states()).find((state) => state.key === 'chase-after-2-days')?.automationId).toBeNull();
    expect((await add('chase-after-2-days')).status).toBe(201);
  });

  it('a deleted template is reported, refused without restoreTemplate, and recreated with it', async () => {
    await t.db('templates').where({ starter_key: 'welcome-email' }).delete();
    expect((await states()).find((state) => state.key === 'welcome-email')).toEqual({
      key: 'welcome-email',
      automationId: null,
      templateMissing: true,
    });
    const refused = await add('welcome-email');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(API_ERRORS.recipeTemplateDeleted);
    expect(await countRows(t.db, 'automations')).toBe(0);

    const restored = await add('welcome-email', { restoreTemplate: true });
    expect(restored.status, restored.text).toBe(201);
    const template = await starterRow(t.db, 'welcome-email');
    expect(template).toMatchObject({ name: 'Welcome e-mail', content: STARTER_TEMPLATES['welcome-email'].content });
    expect(JSON.parse(restored.body.actions)).toEqual({ type: 'send_email', templateId: template.id });
  });

  it('a starter renamed and edited by staff is still the one the recipe sends', async () => {
    const template = await starterRow(t.db, 'welcome-email');
    await agent
      .patch(`/api/admin/templates/${template.id}`)
      .send({ name: 'Hello from us', content: 'Hi!' })
      .expect(200);
    const response = await add('welcome-email');
    expect(JSON.parse(response.body.actions).templateId).toBe(template.id);
  });

  it('a starter changed to another kind is refused, not made into a rule that cannot send', async () => {
    const template = await starterRow(t.db, 'welcome-email');
    await agent.patch(`/api/admin/templates/${template.id}`).send({ type: 'sms' }).expect(200);
    const response = await add('welcome-email', { restoreTemplate: true });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(API_ERRORS.recipeTemplateChanged);
  });

  it('refuses an unknown recipe and an unknown body field', async () => {
    expect((await add('no-such-recipe')).status).toBe(400);
    expect((await add('welcome-email', { active: true })).status).toBe(400);
  });
});
