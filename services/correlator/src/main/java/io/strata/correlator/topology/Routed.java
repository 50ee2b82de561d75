package io.strata.correlator.topology;

import io.strata.events.device.DeviceFinding;
import io.strata.events.incident.Incident;

/**
 * What a correlator processor emits: exactly one of an input for the node side, the workload side
 * or the device-incident side, an incident or a finding. The record key is the destination's key.
 */
public record Routed(
    NodeInput node,
    WorkloadInput workload,
    DeviceIncidentInput device,
    Incident incident,
    DeviceFinding finding) {

  public static Routed toNode(NodeInput input) {
    return new Routed(input, null, null, null, null);
  }

  public static Routed toWorkload(WorkloadInput input) {
    return new Routed(null, input, null, null, null);
  }

  public static Routed toDeviceIncidents(DeviceIncidentInput input) {
    return new Routed(null, null, input, null, null);
  }

  public static Routed incident(Incident incident) {
    return new Routed(null, null, null, incident, null);
  }

  public static Routed finding(DeviceFinding finding) {
    return new Routed(null, null, null, null, finding);
  }
}
