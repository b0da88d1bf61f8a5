package io.beammcp.sample;

/** {@link SampleActuatorTests} on the WebFlux sample: the management port as on the servlet transport. */
class WebFluxSampleActuatorTests extends SampleActuatorTests {
}
