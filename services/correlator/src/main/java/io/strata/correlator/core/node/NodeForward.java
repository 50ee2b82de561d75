package io.strata.correlator.core.node;

import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.GpuTrouble;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.device.DeviceFinding;

/**
 * What a node-side decision sends on, one case per destination and kind. The node processor turns
 * each into a routed record in list order: the workload cases to the workload's key, the
 * device-incident cases to the node's key, a finding to its own key. Kept apart from the topology's
 * wire types so that the decisions are plain Java.
 */
public sealed interface NodeForward {

  /** An ownership finding (or its resolution), keyed cluster/node/gpu or cluster/target. */
  record Finding(String key, DeviceFinding finding) implements NodeForward {}

  /** The workload that held the GPU holds it no longer. */
  record GpuReleased(String workload, String gpuUuid) implements NodeForward {}

  /** The GPU's state for the workload holding it. */
  record GpuState(String workload, GpuSnapshot snapshot) implements NodeForward {}

  /** The workload holding a GPU in trouble reports its windows to the device incident. */
  record WatchDevice(String workload, String trackerKey) implements NodeForward {}

  /**
   * Device trouble for the device-incident side, which drafts the incident from it and opens or
   * refreshes it.
   *
   * @param workload the workload holding the GPU, null when none
   * @param news an XID, or a failing sample of a GPU that was not failing; false for a failing
   *     GPU's refresh on its next failing sample (ADR 041: only news asks for a prompt commit)
   */
  record Trouble(
      String trackerKey, GpuTrouble trouble, String workload, NodeHealth health, boolean news)
      implements NodeForward {}

  /** A clean sample of a GPU after trouble, for the device-incident side. */
  record Clean(String trackerKey) implements NodeForward {}

  /** The node's schedulability or readiness changed: it concerns all its device incidents. */
  record NodeHealthChanged(NodeHealth health) implements NodeForward {}
}
