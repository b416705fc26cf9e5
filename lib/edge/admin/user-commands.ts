import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { listConsoleUsers } from "@/lib/domain/users/list-console-users";
import { disableTotp } from "@/lib/domain/users/second-factor";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";
import { booleanFlag, listed, optionalId, passwordFlag, positiveInt, requireSomeFlag, type Commands } from "./command";

/** Console users: the console's Users page (create, deactivate/reactivate, set a password). */
export const USER_COMMANDS: Commands = {
  "user:create": {
    usage: "--email E --password-file F|- (or --password P) --role admin|dealer|provider [--dealer ID|--provider ID]",
    flags: ["email", "password", "password-file", "role", "dealer", "provider"],
    run: ({ flags }, actor) =>
      createConsoleUser(
        {
          email: flags.email!,
          password: passwordFlag(flags)!,
          role: flags.role as "admin",
          dealerId: optionalId(flags.dealer, "dealer"),
          providerId: optionalId(flags.provider, "provider"),
        },
        actor,
      ),
  },
  // A user who lost the phone and the recovery codes: the second factor off, their sessions ended; they set it up
  // again.
  "user:reset-second-factor": {
    usage: "--id ID",
    flags: ["id"],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      await disableTotp(id, actor);
      return (await listConsoleUsers({ id }))[0];
    },
  },
  "user:list": {
    usage: "",
    flags: [],
    run: async () => listed("users", await listConsoleUsers()),
  },
  "user:update": {
    usage: "--id ID [--active true|false] [--password-file F|- | --password P]",
    flags: ["id", "active", "password", "password-file"],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      requireSomeFlag(flags, ["active", "password", "password-file"]);
      const password = passwordFlag(flags);
      await updateConsoleUser(id, { isActive: booleanFlag(flags.active, "active"), password }, actor);
      return (await listConsoleUsers({ id }))[0];
    },
  },
};
