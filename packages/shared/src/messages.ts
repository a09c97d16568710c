// The message catalogue of docs/requirements.md#validation and #messages. Forms, toasts and the API all read from here.
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { formatCount } from './format.ts';

export const VALIDATION = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  zipcode: 'Please enter a valid zip code',
  bedrooms: 'Please select number of bedrooms',
  bathrooms: 'Please select number of bathrooms',
  cleaningType: 'Please select cleaning type',
  frequency: 'Please select frequency',
  username: 'Username is required',
  password: 'Password is required',
  // Sign-in trims what is typed, so a password with edge spaces could be set but never used.
  passwordEdgeSpace: 'Password cannot start or end with a space',
  leadId: 'Lead is required',
  title: 'Title is required',
  name: 'Name is required',
  content: 'Content is required',
  contactName: 'Name is required',
  contactEmail: 'Please enter a valid email address',
  contactMessage: 'Message is required',
} as const;

export const MESSAGES = {
  quote: {
    errorTitle: 'Error',
    errorFallback: 'Failed to submit form. Please try again.',
    successTitle: 'Quote Request Submitted!',
    successText: 'Thank you! Your request has been received and will be processed shortly.',
  },
  login: {
    failedTitle: 'Login Failed',
    statusFallback: (status: number) => `Authentication failed (${status})`,
    fallback: 'Invalid credentials. Please try again.',
    sessionFailed: 'Session authentication failed. Please try again.',
    successTitle: 'Login Successful',
    successText: 'Redirecting to dashboard...',
  },
  logout: { failed: 'Failed to logout. Please try again.' },
  leadStatus: {
    failed: 'Failed to update lead status. Please try again.',
    success: 'Lead status updated successfully.',
  },
  lead: {
    updateFailed: 'Failed to update lead. Please try again.',
    updated: 'Lead updated successfully.',
  },
  activity: { failed: 'Failed to create activity.', success: 'Activity created successfully.' },
  automation: {
    createFailed: 'Failed to create automation.',
    updateFailed: 'Failed to update automation.',
    deleteFailed: 'Failed to delete automation.',
    created: 'Automation created successfully.',
    updated: 'Automation updated successfully.',
    deleted: 'Automation deleted successfully.',
    statusUpdated: 'Automation status updated successfully.',
    recipeAdded: 'Recipe added as an inactive rule. Turn it on when you are ready.',
    recipeAlreadyAdded: 'This recipe was already added.',
    recipeFailed: 'Failed to add the recipe.',
  },
  template: {
    createFailed: 'Failed to create template.',
    updateFailed: 'Failed to update template.',
    deleteFailed: 'Failed to delete template.',
    created: 'Template created successfully.',
    updated: 'Template updated successfully.',
    deleted: 'Template deleted successfully.',
  },
  export: {
    failedTitle: 'Export Failed',
    failedText: 'Failed to export leads. Please try again.',
    successTitle: 'Export Complete',
    successText: (count: number, format: string) =>
      `Downloaded ${formatCount(count, 'lead')} in ${format.toUpperCase()} format.`,
  },
  password: {
    changed: 'Password changed successfully.',
    changeFailed: 'Failed to change password. Please try again.',
    newPasswordRule: `At least ${MIN_PASSWORD_LENGTH} characters, not starting or ending with a space.`,
  },
  contact: { successTitle: 'Message Sent!', successText: "We'll get back to you within 24 hours." },
  notFound: { title: '404 Page Not Found', text: 'Did you forget to add the page to the router?' },
  empty: {
    leads: 'No leads found matching your criteria.',
    automations: 'No automation rules created yet.',
    templates: 'No templates created yet.',
    activities: 'No activities found for this lead.',
    selectLead: 'Select a lead to view activities.',
  },
} as const;

/** Messages the API answers with (docs/requirements.md#api-conventions). */
export const API_ERRORS = {
  invalidInput: 'Invalid input',
  nulCharacter: 'Text cannot contain the NUL character (U+0000)',
  malformedJson: 'Malformed JSON in request body',
  jsonTooDeep: 'JSON in the request body is nested too deeply (at most 32 levels)',
  misdirected: 'This server does not answer for that host name',
  unauthenticated: 'Not signed in',
  invalidCredentials: 'Invalid email or password',
  crossOrigin: 'Cross-origin request refused',
  notFound: 'Not found',
  leadNotFound: 'Lead not found',
  smsSignatureInvalid: 'The request is not signed by the SMS provider',
  smsWebhookIncomplete: 'From and MessageSid are required',
  voiceWebhookIncomplete: 'CallSid and From are required',
  voiceDialStatusUnknown: 'DialCallStatus must be completed, answered, busy, no-answer, failed or canceled',
  callNotFound: 'Call not found',
  leadHasNoEmail: 'This lead has no e-mail address. Add one to the lead first.',
  leadHasNoPhone: 'This lead has no phone number. Add one to the lead first.',
  assigneeNotAssignable: 'Leads can only be assigned to an active member of the team',
  personNotOnTeam: 'Choose an active member of the team',
  activityNotFound: 'Activity not found',
  automationNotFound: 'Automation not found',
  templateNotFound: 'Template not found',
  recipeTemplateDeleted: 'The template this recipe sends was deleted. Recreate it to add the recipe.',
  recipeTemplateChanged:
    'The template this recipe sends is no longer of the kind it sends; change it back or add the rule yourself.',
  heldNotFound: 'This held submission no longer exists: it was released or deleted.',
  leadRequestNotFound: 'This request does not belong to the lead',
  firstRequestNotSplit:
    'This is the lead’s first request: the lead is this person. Only a later request taken as a repeat can be split into a lead of its own.',
  heldPayloadInvalid: 'This held submission no longer passes the quote form’s validation and cannot be released.',
  unmatchedEmailNotFound: 'This unmatched e-mail does not exist.',
  unmatchedEmailAttached: 'This e-mail is already attached to a lead.',
  quoteNotFound: 'Quote not found',
  quoteDraftExists: 'This lead already has a draft quote: edit it, or send it before starting another version.',
  quoteFrozen: 'This quote was sent and can no longer be changed. Create a new version to change it.',
  quoteNotSendable: 'Only a draft, or a sent quote nobody has answered yet, can be sent.',
  quoteLinkUnknown: 'This quote link does not exist. Check the link in your e-mail, or ask us for a new quote.',
  quoteLinkExpired: 'This quote has expired. Ask us for a new one and we will gladly send it.',
  quoteLinkSuperseded: 'This quote was replaced by a newer version. Open the link in our latest message.',
  quoteLinkWithdrawn: (phone: string) =>
    `This quote was withdrawn; call us at ${phone} and we will work out what suits you.`,
  quoteLinkClosed: (phone: string) =>
    `This offer is closed and can no longer be booked; call us at ${phone} if you would like a cleaning.`,
  quoteNotWithdrawable: 'Only a sent or accepted quote can be withdrawn.',
  quoteWithdrawForbidden: 'Only an admin or the lead’s assignee can withdraw its quote.',
  quoteAlreadyAccepted: 'This quote was already accepted. Contact us if you want to change anything.',
  quoteAlreadyDeclined: 'This quote was declined. Ask us for a new one if you changed your mind.',
  conflict: 'Conflict',
  payloadTooLarge: 'Request body too large',
  unsupportedMediaType: 'Content-Type must be application/json',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  manualMessageBudget:
    'You have sent 100 messages by hand in the last hour, the most one person may send in an hour. This one was not sent: please wait a few minutes and send it again.',
  tooManyLiveStreams: 'Too many live connections are open for this account. Close another CRM window and try again.',
  loginRateLimited: 'Too many login attempts. Please wait 15 minutes and try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
  wrongPassword: 'Current password is incorrect',
  passwordChangeRateLimited: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
  adminRoleRequired: 'This needs the admin role. Ask an admin of your team.',
  userNotFound: 'No such team member',
  emailTaken: 'Someone on the team already signs in with this e-mail address.',
  selfDisable: 'You cannot disable your own account. Ask another admin.',
  selfDemote: 'You cannot take the admin role from yourself. Ask another admin.',
  lastAdmin: 'The team needs at least one active admin: make someone else an admin first.',
  setupLinkInvalid:
    'This set-up link is not valid: it was already used, replaced by a newer one, or mistyped. Ask an admin of your team for a new link.',
  setupLinkExpired: 'This set-up link has expired. Ask an admin of your team for a new link.',
  setupLinkDisabled: 'This account is disabled. Ask an admin of your team.',
  setupRateLimited: 'Too many attempts with set-up links. Please wait 15 minutes and try again.',
  httpsRequired:
    'Sign-in needs HTTPS: this server sets secure cookies (COOKIE_SECURE=true) but the request came over plain HTTP. Use the https:// address, or set TRUST_PROXY behind an HTTPS proxy.',
} as const;

/**
 * The sign-in's answer when an attempt must wait (the back-off of api/src/auth/login-throttle.ts):
 * the wait in words, matching the Retry-After header.
 */
export function loginRetryMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? formatCount(retryAfterSeconds, 'second')
      : formatCount(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many login attempts. Please wait ${wait} and try again.`;
}
