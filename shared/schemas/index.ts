export * from './reply.ts';
export * from './member.ts';
export * from './account.ts';
export * from './auth.ts';
export * from './register.ts';
export * from './info.ts';
export * from './password.ts';
