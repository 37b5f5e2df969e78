#!/usr/bin/env bash
# Fails when the production module holds what only a tester needs: an executor of its own,
# the runtime's enqueue hook, or a name of the testers' registries. The runtime reaches
# them only through `WorkWatcher` (Sources/Uniflow/Concurrency/WorkWatcher.swift),
# which UniflowTesting implements; CONTRIBUTING.md's "Rules that keep the house".
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='(class|struct|actor|extension) [A-Za-z_<>, ]+:[^{]*\b(TaskExecutor|SerialExecutor)\b'
pattern+='|swift_task_enqueueGlobal_hook'
pattern+='|\b(CallsInFlight|MainActorHops|SimulatedExecutor|InFlightWatcher|GlobalJobs)\b'
# Comments may name them (the seam's own doc says who implements it); code may not.
if found=$(grep -rnE "$pattern" Sources/Uniflow --include='*.swift' | grep -vE '^[^:]+:[0-9]+:\s*//'); then
  echo "error: Sources/Uniflow holds testers' machinery; put it in Sources/UniflowTesting" \
    "behind WorkWatcher:" >&2
  echo "$found" >&2
  exit 1
fi
echo "seam: Sources/Uniflow has no executor, enqueue hook or tester registry of its own"
