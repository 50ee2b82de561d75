package io.strata.correlator.streams;

import io.strata.events.device.DeviceFinding;
import io.strata.events.incident.Incident;

/**
 * What a correlator processor emits: an input for the node side, the workload side or the
 * device-incident side, an incident or a finding. The record key is the destination's key. It never
 * leaves the task: the topology splits a processor's output by case ({@link RoutedBranches}) before
 * anything is written to a topic.
 */
sealed interface Routed {

  record ToNode(NodeInput input) implements Routed {}

  record ToWorkload(WorkloadInput input) implements Routed {}

  record ToDeviceIncidents(DeviceIncidentInput input) implements Routed {}

  record IncidentOut(Incident incident) implements Routed {}

  record FindingOut(DeviceFinding finding) implements Routed {}
}
