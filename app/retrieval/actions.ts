"use server";
import { defineAction } from "@/lib/actions/define-action";
import { addEvaluationTask, deleteEvaluationTask, deriveEvaluationSet, updateEvaluationTask } from "@/lib/retrieval/evaluation/evaluation-set";
import { addEvaluationTaskSchema, deleteEvaluationTaskSchema, deriveEvaluationSetSchema, updateEvaluationTaskSchema } from "@/lib/retrieval/evaluation/schema";
import { saveRetrievalDefaults, saveRetrievalDefaultsSchema } from "@/lib/retrieval/playground";

export const saveRetrievalDefaultsAction = defineAction(saveRetrievalDefaultsSchema, saveRetrievalDefaults);

export const addEvaluationTaskAction = defineAction(addEvaluationTaskSchema, (input) => addEvaluationTask(input));

export const updateEvaluationTaskAction = defineAction(updateEvaluationTaskSchema, (input) => updateEvaluationTask(input));

export const deleteEvaluationTaskAction = defineAction(deleteEvaluationTaskSchema, deleteEvaluationTask);

export const deriveEvaluationSetAction = defineAction(deriveEvaluationSetSchema, (input) => deriveEvaluationSet(input));
