/** A setting the service refuses to start with; the message begins with the variable's name. */
export class ConfigRefusal extends Error {
  override name = "ConfigRefusal";
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}
