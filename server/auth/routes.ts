// The sign-in endpoints under /api/v1/auth.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import login from './login';
import loginMfa from './loginMfa';
import logout from './logout';
import passwordNew from './password';
import reset from './reset';
import invitation from './invitation';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(login);
  await app.register(loginMfa);
  await app.register(logout);
  await app.register(passwordNew);
  await app.register(reset);
  await app.register(invitation);
};

export default authRoutes;
