import type { JsonSink } from "../../values/json-stream.js";

type ElementOf<L> = L extends readonly (infer E)[] ? E : never;

/**
 * Writes one array section of the portal file from documents that arrive sorted by their group:
 * `"b2b":[{"ctin":"…","inv":[{…},{…}]},…]`. Each document is serialised as it comes and forgotten.
 */
export class GroupedSectionWriter<Group extends object, ListKey extends keyof Group & string> {
  private group: string | null = null;

  constructor(
    private readonly sink: JsonSink,
    private readonly name: string,
    private readonly listKey: ListKey,
  ) {}

  async add(
    groupKey: string,
    head: Omit<Group, ListKey>,
    document: ElementOf<Group[ListKey]>,
  ): Promise<void> {
    if (this.group === null) {
      await this.sink.write(`,${JSON.stringify(this.name)}:[`);
    } else if (groupKey !== this.group) {
      await this.sink.write("]},");
    } else {
      await this.sink.write(`,${JSON.stringify(document)}`);
      return;
    }
    this.group = groupKey;
    const opening = JSON.stringify(head).slice(0, -1);
    await this.sink.write(`${opening},${JSON.stringify(this.listKey)}:[${JSON.stringify(document)}`);
  }

  /** Ends the section; a section that received nothing writes nothing, as the offline tool leaves it out. */
  async close(): Promise<void> {
    if (this.group !== null) await this.sink.write("]}]");
  }
}

/** Writes a flat array section, `"cdnur":[{…},…]`, one element at a time. */
export class ListSectionWriter<Element> {
  private started = false;

  constructor(
    private readonly sink: JsonSink,
    private readonly name: string,
  ) {}

  async add(element: Element): Promise<void> {
    await this.sink.write(
      `${this.started ? "," : `,${JSON.stringify(this.name)}:[`}${JSON.stringify(element)}`,
    );
    this.started = true;
  }

  async close(): Promise<void> {
    if (this.started) await this.sink.write("]");
  }
}
