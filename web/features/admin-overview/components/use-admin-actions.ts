import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GenerateCall, RankRange, RetryBody } from "#schema/contracts/newsroom.ts";
import { toast } from "#web/components/ui/toast.tsx";
import { downloadLunarcrush, errorText, newsroomKeys, recoverStuckTasks, retryGeneration, startGeneration } from "../api/newsroom.ts";

/** After any action the status and the summary are stale: fetch them now rather than at the next poll. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: newsroomKeys.all });
}

/** POST /api/admin/retry-generation with the spec's toasts (assistant-plans-admin.md §8). */
export function useRetry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RetryBody) => retryGeneration(body),
    onSuccess: (_result, body) => {
      toast({ title: "Retry Success", description: `Successfully retried ${body.generationType}. Check generation status for progress.` });
      return refresh();
    },
    onError: (error) => toast({ title: "Retry Failed", description: errorText(error), variant: "destructive" }),
  });
}

/** The generation tool buttons: start a task (or the three trending bands). */
export function useGenerate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (call: GenerateCall) => startGeneration(call),
    onSuccess: (result) => {
      toast({ title: "Success", description: result.message });
      return refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorText(error), variant: "destructive" }),
  });
}

export function useWatchdogRecovery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: recoverStuckTasks,
    onSuccess: ({ recovered }) => {
      toast({ title: "Watchdog Recovery Complete", description: `Recovered ${recovered} stuck tasks` });
      return refresh();
    },
    onError: (error) => toast({ title: "Watchdog Recovery Failed", description: errorText(error), variant: "destructive" }),
  });
}

export function useDownload() {
  return useMutation({
    mutationFn: (range: RankRange) => downloadLunarcrush(range),
    onSuccess: (fileName) => toast({ title: "Success", description: `Downloaded ${fileName}` }),
    onError: (_error, range) =>
      toast({ title: "Error", description: `Failed to download LunarCrush rank ${range} data.`, variant: "destructive" }),
  });
}
