package io.strata.kafka.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

class NativeLz4Test {

  /**
   * A packaged Quarkus service loads lz4-java through its own class loader, not the system one;
   * this reproduces that with a class loader of lz4-java and this library only.
   */
  @Test
  void kafkasFastestCodecIsJavaUnderAnotherClassLoaderUntilTheBindingIsLoaded() throws Exception {
    URL lz4 = LZ4Factory.class.getProtectionDomain().getCodeSource().getLocation();
    URL library = NativeLz4.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {lz4, library}, ClassLoader.getPlatformClassLoader())) {
      Method fastest = loader.loadClass(LZ4Factory.class.getName()).getMethod("fastestInstance");
      Class<?> nativeLz4 = loader.loadClass(NativeLz4.class.getName());

      assertThat(fastest.invoke(null)).hasToString("LZ4Factory:JavaSafe");

      Object outcome = nativeLz4.getMethod("load").invoke(null);

      assertThat(outcome.toString()).isEqualTo("Outcome[codec=JNI, detail=LZ4Factory:JNI]");
      assertThat(fastest.invoke(null)).hasToString("LZ4Factory:JNI");
      assertThat(nativeLz4.getMethod("current").invoke(null).toString()).isEqualTo("JNI");
    }
  }

  @Test
  void loadingTwiceKeepsTheBinding() {
    assertThat(NativeLz4.load().codec()).isEqualTo(NativeLz4.Codec.JNI);
    assertThat(NativeLz4.load())
        .isEqualTo(new NativeLz4.Outcome(NativeLz4.Codec.JNI, "LZ4Factory:JNI"));
    assertThat(NativeLz4.current()).isEqualTo(NativeLz4.Codec.JNI);
  }
}
