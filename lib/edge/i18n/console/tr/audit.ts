import type { AuditMessages } from "@/lib/edge/i18n/console/en/audit";

export const audit: AuditMessages = {
  heading: "Denetim kaydı",
  filterLabel: "Denetim kaydını filtrele",
  entityType: "Kayıt türü",
  entityId: "Kayıt ID",
  actor: "Yapan",
  actorPlaceholder: "e-posta veya cli",
  action: "Eylem",
  when: "Zaman",
  who: "Kim",
  entity: "Kayıt",
  beforeAfter: "Önce → sonra",
  none: "Bu filtrelere uyan denetim kaydı yok.",
  fromIp: (ip) => `IP: ${ip}`,
  noField: "Kaydedilmiş alan yok.",
  before: "önce",
  after: "sonra",
  asRecorded: "Kaydedildiği haliyle önce ve sonra",
};
