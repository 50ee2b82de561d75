package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageBufferTest {

  @Test
  void growsPastItsCapacityAndKeepsEveryByte() {
    PageBuffer buffer = new PageBuffer(16);
    for (int i = 0; i < 1_000; i++) {
      buffer.append("DCGM_FI_DEV_GPU_TEMP").append('{').append(PageBuffer.utf8("gpu=\"0\""));
      buffer.append('}').append(' ').append(Integer.toString(i)).append('\n');
    }

    assertThat(buffer.toString().lines())
        .hasSize(1_000)
        .endsWith("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 999");
    assertThat(buffer.array().length).isGreaterThanOrEqualTo(buffer.length());
  }

  @Test
  void textBeyondAsciiIsWrittenAsUtf8() {
    PageBuffer buffer = new PageBuffer(4).append("modelName=\"Grâce\" ").append("µ");

    assertThat(buffer.length())
        .isEqualTo(
            "modelName=\"Grâce\" µ".getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    assertThat(buffer).hasToString("modelName=\"Grâce\" µ");
  }

  @Test
  void aResetBufferIsReusedFromTheStart() {
    PageBuffer buffer = new PageBuffer(64).append("first page");

    assertThat(buffer.reset().append("second")).hasToString("second");
  }
}
