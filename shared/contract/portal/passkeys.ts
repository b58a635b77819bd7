import { Type } from '@sinclair/typebox';
import {
  PasskeyIdSchema,
  PasskeyListSchema,
  PasskeyLoginSchema,
  PasskeyParamsSchema,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySchema,
  WebAuthnOptionsSchema,
} from '../../schemas/passkeys.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { SignInResultSchema } from '../portal-replies.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };
const onePasskey = replySchemas(Type.Object({ passkey: PasskeySchema }));

/** Passkeys: the WebAuthn ceremonies the portal runs, the member's list, and signing in with one. */
export const passkeysPortal = {
  registerOptions: portalRoute('POST', '/api/Member/Passkey/RegisterOptions', { response: replySchemas(WebAuthnOptionsSchema) }, member),
  /** 409 when the credential is already registered. */
  register: portalRoute(
    'POST',
    '/api/Member/Passkey/Register',
    { body: PasskeyRegisterSchema, response: onePasskey },
    { member: true, also: [409] },
  ),
  list: portalRoute('GET', '/api/Member/Passkeys', { response: replySchemas(PasskeyListSchema) }, member),
  rename: portalRoute(
    'PATCH',
    '/api/Member/Passkeys/:id',
    { params: PasskeyParamsSchema, body: PasskeyRenameSchema, response: onePasskey },
    { member: true, also: [404] },
  ),
  remove: portalRoute(
    'DELETE',
    '/api/Member/Passkeys/:id',
    { params: PasskeyParamsSchema, response: replySchemas(Type.Object({ id: PasskeyIdSchema })) },
    { member: true, also: [404] },
  ),
  loginOptions: portalRoute('POST', '/api/Member/Passkey/LoginOptions', { response: replySchemas(WebAuthnOptionsSchema) }),
  login: portalRoute('POST', '/api/Member/Passkey/Login', { body: PasskeyLoginSchema, response: replySchemas(SignInResultSchema) }),
};
