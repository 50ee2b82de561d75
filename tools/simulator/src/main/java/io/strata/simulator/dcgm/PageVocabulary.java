package io.strata.simulator.dcgm;

import io.strata.simulator.model.DeviceField;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a renderer needs to know of its {@link DcgmNaming}, resolved once when it is built:
 * the metric families in page order and the two renamed label keys. The exporter's own families
 * (DCGM_EXP_*) and every other label keep their names in both namings.
 *
 * @param hostnameLabel {@code Hostname} before dcgm-exporter 4.8.3, {@code hostname} since
 * @param driverVersionLabel the label-type field carrying the driver version
 */
record PageVocabulary(MetricFamily[] families, String hostnameLabel, String driverVersionLabel) {

  static PageVocabulary of(DcgmNaming naming) {
    return switch (naming) {
      case LEGACY -> new PageVocabulary(legacyFamilies(), "Hostname", "DCGM_FI_DRIVER_VERSION");
      case STANDARD ->
          new PageVocabulary(
              StandardFamilies.families(new LinkRates()).toArray(MetricFamily[]::new),
              StandardFamilies.HOSTNAME_LABEL,
              StandardFamilies.DRIVER_VERSION_LABEL);
    };
  }

  /** The model's fields as they are: DeviceField holds the legacy names, types and HELP texts. */
  private static MetricFamily[] legacyFamilies() {
    List<MetricFamily> families = new ArrayList<>();
    for (DeviceField field : DeviceField.values()) {
      MetricFamily family =
          MetricFamily.of(
              field.metric(),
              field.type(),
              field.help(),
              (r, now) -> r.value(field),
              field.profiling());
      families.add(field == DeviceField.XID_ERRORS ? family.withLastXid() : family);
    }
    return families.toArray(MetricFamily[]::new);
  }
}
