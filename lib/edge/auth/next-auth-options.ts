import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { requireSecret } from "@/lib/base/config/dev-secrets";
import { clientIp } from "@/lib/base/net/client-ip";
import { authenticateConsoleUser } from "@/lib/domain/users/authenticate-console-user";
import { observedSignIn } from "./observed-sign-in";
import { config } from "@/lib/base/config/env";

/** Whether the console's public origin (NEXTAUTH_URL, or PUBLIC_BASE_URL) is https. */
export function publicOriginIsHttps(): boolean {
  return [config().NEXTAUTH_URL, config().PUBLIC_BASE_URL].some((origin) =>
    origin?.trim().toLowerCase().startsWith("https://"),
  );
}

/** Read per call, not when the module loads (before the server has read its configuration). */
export const sessionMaxAgeSeconds = (): number => (config().CONSOLE_SESSION_HOURS ?? 8) * 3600;

/** Built per call so `next build` never needs the secret; next-auth reads it at request time. */
export function authOptions(): NextAuthOptions {
  return {
    secret: requireSecret("NEXTAUTH_SECRET"),
    // Secure (and __Secure-/__Host- prefixed) cookies whenever the console is reached over https, also
    // behind a proxy that terminates TLS and forwards plain http.
    useSecureCookies: publicOriginIsHttps(),
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
    jwt: { maxAge: sessionMaxAgeSeconds() },
    // A sign-in posted without scripts comes back to the form, which words next-auth's `?error=`.
    pages: { signIn: "/console/login", error: "/console/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Code", type: "text" },
        },
        authorize: async (credentials, req) =>
          observedSignIn(() =>
            authenticateConsoleUser(
              credentials?.email ?? "",
              credentials?.password ?? "",
              clientIp(new Headers(req.headers as Record<string, string>)),
              credentials?.code,
            ),
          ),
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => {
        if (user) {
          token.uid = Number(user.id);
          token.role = user.role;
          token.sv = user.sessionVersion;
          token.mf = user.secondFactor;
        }
        return token;
      },
      session: ({ session, token }) => {
        session.user = {
          ...session.user,
          id: token.uid,
          role: token.role,
          sessionVersion: token.sv ?? -1,
          secondFactor: token.mf === true,
        };
        return session;
      },
    },
  };
}
