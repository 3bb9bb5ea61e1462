package dev.bahi;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** The SDK's one JSON configuration: numbers with a fraction never pass through a binary float. */
final class Json {
  static final ObjectMapper MAPPER = newMapper();

  private Json() {}

  static ObjectMapper newMapper() {
    return JsonMapper.builder()
        // 99.99 is read as the BigDecimal 99.99, never as the double nearest to it.
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        // 354.00 keeps its scale: what the server wrote is what the caller reads.
        .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
        .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false)
        // 1E+2 is written as 100: the API takes plain decimals.
        .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
        .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
        // Within /v1 the API only adds fields: an old SDK reads a new answer.
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }
}
