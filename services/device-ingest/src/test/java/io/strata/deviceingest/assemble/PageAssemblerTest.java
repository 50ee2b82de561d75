package io.strata.deviceingest.assemble;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageAssemblerTest {

  private static final Path DRA_EXAMPLE =
      Path.of(
          "src/test/resources/reference/examples/"
              + "kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom");

  private static ScrapedPage assemble(String page) {
    return PageAssembler.assemble(new PrometheusTextParser(), page, 20);
  }

  @Test
  void groupsTheRealDraLinesIntoOneGpuOwnedByTheFirstPod() throws IOException {
    ScrapedPage page = assemble(Files.readString(DRA_EXAMPLE));

    assertThat(page.gpus()).hasSize(1);
    GpuReading gpu = page.gpus().get(0);
    assertThat(gpu.gpuUuid()).isEqualTo("GPU-a4f34abc-7715-3560-dcea-7238b9611a45");
    assertThat(gpu.gpuIndex()).isEqualTo("0");
    assertThat(gpu.pciBusId()).isEqualTo("00000009:01:00.0");
    assertThat(gpu.device()).isEqualTo("nvidia0");
    assertThat(gpu.modelName()).isEqualTo("NVIDIA GH200 96GB HBM3");
    assertThat(gpu.hostname()).isEqualTo("sc-starwars-xxxx");
    assertThat(gpu.owner())
        .isEqualTo(
            new DeviceOwner(
                "gpu-test3",
                "pod1",
                "ctr",
                null,
                null,
                "gpu-test3",
                "single-gpu",
                "gpu.nvidia.com",
                "sc-starwars-xxxx",
                "gpu-0",
                null,
                null));
    assertThat(gpu.fields())
        .containsExactly(Map.entry(DeviceField.PROF_PCIE_RX_BYTES.key(), 23792.0));
    assertThat(page.presentByGpu())
        .containsExactly(
            Map.entry(
                "GPU-a4f34abc-7715-3560-dcea-7238b9611a45",
                java.util.Set.of("DCGM_FI_PROF_PCIE_RX_BYTES")));
    assertThat(page.linesWithoutGpu()).isZero();
  }

  @Test
  void readsLegacyNamespaceLabelsMigInstancesAndEmptyOwnerLabels() {
    String page =
        "DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu=\"0\",uuid=\"GPU-abc\",device=\"nvidia0\","
            + "modelName=\"NVIDIA A100-SXM4-40GB\",GPU_I_PROFILE=\"3g.20gb\",GPU_I_ID=\"1\","
            + "container_name=\"trainer\",pod_name=\"job-0\",pod_namespace=\"ml\"} 0.5\n"
            + "DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu=\"0\",uuid=\"GPU-abc\",device=\"nvidia0\","
            + "modelName=\"NVIDIA A100-SXM4-40GB\",GPU_I_PROFILE=\"3g.20gb\",GPU_I_ID=\"2\","
            + "container_name=\"\",pod_name=\"\",pod_namespace=\"\"} 0\n"
            + "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\",UUID=\"GPU-def\",hostname=\"node-b\","
            + "container=\"\",namespace=\"\",pod=\"\",pod_uid=\"\",vgpu=\"\"} 40\n";

    ScrapedPage scraped = assemble(page);

    assertThat(scraped.gpus())
        .extracting(GpuReading::identity)
        .containsExactly("GPU-abc#1", "GPU-abc#2", "GPU-def");
    GpuReading mig1 = scraped.gpus().get(0);
    assertThat(mig1.migProfile()).isEqualTo("3g.20gb");
    assertThat(mig1.migInstanceId()).isEqualTo("1");
    assertThat(mig1.owner().pod()).isEqualTo("job-0");
    assertThat(mig1.owner().namespace()).isEqualTo("ml");
    assertThat(mig1.owner().container()).isEqualTo("trainer");
    assertThat(scraped.gpus().get(1).owner()).isEqualTo(DeviceOwner.none());
    assertThat(scraped.gpus().get(2).owner()).isEqualTo(DeviceOwner.none());
    assertThat(scraped.gpus().get(2).hostname()).isEqualTo("node-b");
  }

  @Test
  void readsDraMigLabels() {
    String page =
        "DCGM_FI_DEV_FB_USED{gpu=\"0\",UUID=\"GPU-gh\",GPU_I_PROFILE=\"1g.12gb\",GPU_I_ID=\"19\","
            + "dra_claim_name=\"mig-claim\",dra_claim_namespace=\"gpu-test4\","
            + "dra_device_name=\"gpu-0-mig-19-6-1\",dra_driver_name=\"gpu.nvidia.com\","
            + "dra_mig_device_uuid=\"MIG-1234\",dra_mig_profile=\"1g.12gb\","
            + "dra_pool_name=\"node-c\",namespace=\"gpu-test4\",pod=\"pod0\",container=\"c\"} 512\n";

    DeviceOwner owner = assemble(page).gpus().get(0).owner();

    assertThat(owner)
        .isEqualTo(
            new DeviceOwner(
                "gpu-test4",
                "pod0",
                "c",
                null,
                null,
                "gpu-test4",
                "mig-claim",
                "gpu.nvidia.com",
                "node-c",
                "gpu-0-mig-19-6-1",
                "1g.12gb",
                "MIG-1234"));
  }

  @Test
  void mapsKnownFieldsOtherFieldsHealthAndXids() {
    String labels = "gpu=\"0\",UUID=\"GPU-1\",DCGM_FI_DRIVER_VERSION=\"550.144.03\"";
    String page =
        "DCGM_FI_DEV_GPU_TEMP{"
            + labels
            + "} 55\n"
            + "DCGM_FI_DEV_XID_ERRORS{"
            + labels
            + ",err_code=\"79\",err_msg=\"GPU has fallen off"
            + " the bus\"} 79\n"
            + "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL{"
            + labels
            + "} 3\n"
            + "DCGM_EXP_GPU_HEALTH_STATUS{"
            + labels
            + ",health_watch=\"PCIE\","
            + "health_error_code=\"DCGM_FR_OK\"} 0\n"
            + "DCGM_EXP_GPU_HEALTH_STATUS{"
            + labels
            + ",health_watch=\"ALL\","
            + "health_error_code=\"DCGM_FR_FALLEN_OFF_BUS\"} 20\n"
            + "DCGM_EXP_XID_ERRORS_COUNT{"
            + labels
            + ",window_size_in_ms=\"300000\",xid=\"79\"} 2\n"
            + "DCGM_EXP_XID_ERRORS_COUNT{"
            + labels
            + ",window_size_in_ms=\"300000\",xid=\"13\"} 1\n"
            + "DCGM_FI_DEV_POWER_USAGE{"
            + labels
            + "} NaN\n"
            + "DCGM_FI_DEV_NVSWITCH_TEMPERATURE_CURRENT{nvswitch=\"0\",Hostname=\"h\"} 40\n"
            + "node_load1 3\n";

    ScrapedPage scraped = assemble(page);

    GpuReading gpu = scraped.gpus().get(0);
    assertThat(gpu.driverVersion()).isEqualTo("550.144.03");
    assertThat(gpu.fields())
        .containsOnly(
            Map.entry(DeviceField.GPU_TEMP.key(), 55.0),
            Map.entry(DeviceField.XID_ERRORS.key(), 79.0));
    assertThat(gpu.otherFields())
        .containsOnly(
            Map.entry("DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", 3.0),
            Map.entry("DCGM_EXP_GPU_HEALTH_STATUS", 20.0),
            Map.entry("DCGM_EXP_XID_ERRORS_COUNT", 3.0));
    assertThat(gpu.health()).isEqualTo(HealthStatus.FAIL);
    assertThat(gpu.lastXid()).isEqualTo(79);
    assertThat(gpu.xidCounts()).containsOnly(Map.entry(79, 2L), Map.entry(13, 1L));
    assertThat(gpu.xidCountsExported()).isTrue();
    assertThat(scraped.nonFiniteValues()).isEqualTo(1);
    assertThat(scraped.linesWithoutGpu()).isEqualTo(1);
    // The NvSwitch line makes nothing present; NaN still shows the GPU exports the field.
    assertThat(scraped.presentFields())
        .containsExactly(
            "DCGM_EXP_GPU_HEALTH_STATUS",
            "DCGM_EXP_XID_ERRORS_COUNT",
            "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
            "DCGM_FI_DEV_GPU_TEMP",
            "DCGM_FI_DEV_POWER_USAGE",
            "DCGM_FI_DEV_XID_ERRORS",
            "DCGM_FI_DRIVER_VERSION");
  }

  @Test
  void eightGpuPageGivesEightCompleteReadings() {
    ScrapedPage page = assemble(DcgmPageWriter.eightGpuPage());

    assertThat(page.gpus()).hasSize(8);
    assertThat(page.summary().malformed()).isZero();
    assertThat(page.gpus().get(3).fields()).hasSize(25);
    assertThat(page.gpus().get(3).fields().get(DeviceField.GPU_TEMP.key()))
        .isEqualTo(DcgmPageWriter.defaultValue(3, 3));
    assertThat(page.gpus().get(3).health()).isEqualTo(HealthStatus.UNSPECIFIED);
  }

  @Test
  void keepsTheFirstMalformedLinesByNumber() {
    ScrapedPage page = PageAssembler.assemble(new PrometheusTextParser(), "a{\nb{\nc{\nok 1\n", 2);

    assertThat(page.summary().malformed()).isEqualTo(3);
    assertThat(page.lineErrors())
        .containsExactly(
            Map.entry(1, "UNTERMINATED_LABEL_SET"), Map.entry(2, "UNTERMINATED_LABEL_SET"));
  }
}
