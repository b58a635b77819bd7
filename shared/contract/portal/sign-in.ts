import {
  CheckGoToProfileRequestSchema,
  LoginRequestSchema,
  LogoutQuerySchema,
  OtpVerifyRequestSchema,
  RefererLoginRequestSchema,
  SendOtpCodeRequestSchema,
} from '../../schemas/auth.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { IsLoginSchema } from '../auth.ts';
import { LogoutSchema, OtpSendSchema, SignInResultSchema } from '../portal-replies.ts';
import { portalRoute } from '../route.ts';
import { TicketMemberSchema } from '../tickets.ts';

const signInReply = replySchemas(SignInResultSchema);

/** Sign-in by password, code and company-site ticket; sign-out; the login check; the ticket a company site redeems. */
export const signInPortal = {
  login: portalRoute('POST', '/api/Member/Login', { body: LoginRequestSchema, response: signInReply }),
  /** A GET in the spec that ends the session: the CSRF check applies to it as to a state-changing method. */
  logout: portalRoute(
    'GET',
    '/api/Member/Logout',
    { querystring: LogoutQuerySchema, response: replySchemas(LogoutSchema) },
    { also: [403] },
  ),
  isLogin: portalRoute('GET', '/api/Member/IsLogin', { response: replySchemas(IsLoginSchema) }),
  sendOtpCode: portalRoute('POST', '/api/Member/SendOtpCode', { body: SendOtpCodeRequestSchema, response: replySchemas(OtpSendSchema) }),
  otpVerify: portalRoute('POST', '/api/Member/otpVerify', { body: OtpVerifyRequestSchema, response: signInReply }),
  /** Called by a company site's server with its key as a Bearer token, not by a browser. */
  checkGoToProfile: portalRoute('POST', '/api/Member/CheckGoToProfile', {
    body: CheckGoToProfileRequestSchema,
    response: replySchemas(TicketMemberSchema),
  }),
  refererLogin: portalRoute('POST', '/api/Member/RefererLogin', { body: RefererLoginRequestSchema, response: signInReply }),
};
