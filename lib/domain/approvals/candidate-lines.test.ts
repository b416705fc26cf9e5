import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { candidateLines } from "./candidate-lines";

const line = (id: number, walletId: number, amount: string, minutesAgo: number) => ({
  id,
  walletId,
  amount: new Prisma.Decimal(amount),
  occurredAt: new Date(Date.now() - minutesAgo * 60_000),
});

describe("candidateLines", () => {
  const lines = [
    line(1, 7, "99.00", 1),
    line(2, 7, "150.00", 5),
    line(3, 8, "150.00", 1),
    line(4, 7, "150.00", 2),
    line(5, 7, "151.50", 1),
    line(6, 7, "10.00", 0),
  ];
  const deposit = { amount: new Prisma.Decimal("150.00"), eibanWallet: { id: 7 } };

  it("offers the deposit's wallet's lines, exact amount first and newest first among equals", () => {
    expect(candidateLines(lines, deposit).map((l) => l.id)).toEqual([4, 2, 5, 1, 6]);
  });

  it("offers at most the given number, and none to a deposit without a wallet", () => {
    expect(candidateLines(lines, deposit, 2).map((l) => l.id)).toEqual([4, 2]);
    expect(candidateLines(lines, { ...deposit, eibanWallet: null })).toEqual([]);
  });

  it("caps a long list of unmatched lines", () => {
    const many = Array.from({ length: 200 }, (_, i) => line(100 + i, 7, `${100 + i}.00`, i));
    expect(candidateLines(many, deposit)).toHaveLength(20);
  });
});
