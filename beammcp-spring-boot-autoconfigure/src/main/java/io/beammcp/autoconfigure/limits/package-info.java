/** The {@code beammcp.limits} settings. */
package io.beammcp.autoconfigure.limits;
