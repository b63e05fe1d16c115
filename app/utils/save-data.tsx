import { createContext, useContext } from "react";
import type { SaveData } from "#app/modules/save-data/rules";

const off: SaveData = { on: false, reasons: [] };
const Choice = createContext<SaveData>(off);

/** Set by the root from the request's data saving (decision record 095); off where nothing sets it (tests). */
export const SaveDataProvider = Choice.Provider;

/** Whether this page saves data: no card images, no prefetching, the smaller image copies. */
export const useSaveData = () => useContext(Choice).on;

/** Whether it does and who asked (the browser, the account, this device), for the switches that change it. */
export const useSaveDataChoice = () => useContext(Choice);
