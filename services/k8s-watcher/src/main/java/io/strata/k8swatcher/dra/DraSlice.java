package io.strata.k8swatcher.dra;

import io.strata.events.k8s.Taint;
import java.util.List;

/** A ResourceSlice: the devices one driver publishes for one pool, version-neutral. */
public record DraSlice(String name, String driver, String pool, List<Device> devices) {

  public DraSlice {
    devices = List.copyOf(devices);
  }

  /** One device, with its UUID attribute when the driver publishes one and its taints. */
  public record Device(String name, String uuid, List<Taint> taints) {
    public Device {
      taints = List.copyOf(taints);
    }
  }
}
