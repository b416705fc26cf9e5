/**
 * Our order id in the alphabet banks and PSPs that take letters and digits only accept ("ORD-7K2M…-2" ->
 * "ORD7K2M…2": an attempt's number stays its own), or null when nothing is left or it is longer than `maxLength`.
 */
export function lettersAndDigitsOrderId(orderId: string, maxLength: number): string | null {
  const id = orderId.replace(/[^A-Za-z0-9]/g, "");
  return id !== "" && id.length <= maxLength ? id : null;
}
