import { describe, expect, it } from "vitest";
import { changedTopics } from "./changes.server";
import { EVERY_TOPIC_ROW, PUBLIC_TOPICS, TOPIC_ROW } from "./topics";

describe("changed topics between two reads of the generations", () => {
  const read = (entries: Array<[number, number]>) => new Map(entries);

  it("names the topics whose row moved, a row made since counting as moved from 0", () => {
    const before = read([
      [EVERY_TOPIC_ROW, 3],
      [TOPIC_ROW.plans, 1],
    ]);
    const after = read([
      [EVERY_TOPIC_ROW, 3],
      [TOPIC_ROW.plans, 2],
      [TOPIC_ROW.proof, 1],
    ]);
    expect(changedTopics(before, after)).toEqual(["plans", "proof"]);
    expect(changedTopics(after, after)).toEqual([]);
  });

  it("names every topic when row 1 moved (a restore, the danger zone), down as well as up", () => {
    expect(changedTopics(read([[EVERY_TOPIC_ROW, 7]]), read([[EVERY_TOPIC_ROW, 2]]))).toEqual([...PUBLIC_TOPICS]);
  });

  it("gives each topic a row of its own", () => {
    const rows = Object.values(TOPIC_ROW);
    expect(new Set([...rows, EVERY_TOPIC_ROW]).size).toBe(PUBLIC_TOPICS.length + 1);
  });
});
