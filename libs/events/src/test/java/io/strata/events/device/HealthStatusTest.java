package io.strata.events.device;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HealthStatusTest {

  @Test
  void mapsTheExportersValues() {
    assertThat(HealthStatus.fromDcgmValue(0)).isEqualTo(HealthStatus.PASS);
    assertThat(HealthStatus.fromDcgmValue(10)).isEqualTo(HealthStatus.WARN);
    assertThat(HealthStatus.fromDcgmValue(20)).isEqualTo(HealthStatus.FAIL);
    assertThat(HealthStatus.fromDcgmValue(-0.0)).isEqualTo(HealthStatus.PASS);
  }

  @Test
  void anythingElseIsUnspecifiedRatherThanAGuess() {
    assertThat(HealthStatus.fromDcgmValue(5)).isEqualTo(HealthStatus.UNSPECIFIED);
    assertThat(HealthStatus.fromDcgmValue(30)).isEqualTo(HealthStatus.UNSPECIFIED);
    assertThat(HealthStatus.fromDcgmValue(10.5)).isEqualTo(HealthStatus.UNSPECIFIED);
    assertThat(HealthStatus.fromDcgmValue(Double.NaN)).isEqualTo(HealthStatus.UNSPECIFIED);
  }

  @Test
  void deviceFieldsAreFoundByTheirDcgmName() {
    assertThat(DeviceField.fromDcgmName("DCGM_FI_DEV_GPU_TEMP")).contains(DeviceField.GPU_TEMP);
    assertThat(DeviceField.GPU_TEMP.key()).isEqualTo("gpu_temp_celsius");
    assertThat(DeviceField.fromDcgmName("DCGM_FI_DEV_UNHEARD_OF")).isEmpty();
  }
}
