/** The audit log and its filters. */
export const audit = {
  heading: "Audit log",
  filterLabel: "Filter the audit log",
  entityType: "Entity type",
  entityId: "Entity ID",
  actor: "Actor",
  actorPlaceholder: "email or cli",
  action: "Action",
  everyAction: (entity: string) => `${entity}: every action`,
  when: "When",
  who: "Who",
  entity: "Entity",
  beforeAfter: "Before → after",
  none: "No audit entries match these filters.",
  fromIp: (ip: string) => `from ${ip}`,
  noField: "No field recorded.",
  before: "before",
  after: "after",
  asRecorded: "Before and after as recorded",
  empty: "(empty)",
  yes: "yes",
  no: "no",
  noneListed: "(none)",
};

export type AuditMessages = typeof audit;
