/** Finds the machines in machines/ and their models in tests/machines/ (Node only). */
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import type { MachineModel } from '../machines/model.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface FoundMachine {
  /** file name without `.machine.ts` */
  name: string;
  machine: AnyStateMachine;
  model: MachineModel | null;
}

export async function findMachines(): Promise<FoundMachine[]> {
  const files = readdirSync(`${root}machines`)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.machine.ts'.length);
    const mod = (await import(pathToFileURL(`${root}machines/${file}`).href)) as Record<string, unknown>;
    const machine = Object.values(mod).find((v): v is AnyStateMachine => v instanceof StateMachine);
    if (!machine) continue;
    let model: MachineModel | null = null;
    const modelFile = `${root}tests/machines/${name}.model.ts`;
    if (existsSync(modelFile)) {
      const m = (await import(pathToFileURL(modelFile).href)) as Record<string, unknown>;
      model =
        (Object.values(m).find(
          (v) => !!v && typeof v === 'object' && 'machine' in v && 'name' in v,
        ) as MachineModel | undefined) ?? null;
    }
    found.push({ name, machine, model });
  }
  return found;
}
