/**
 * Annotations that offer a bean's methods as MCP tools, resources, resource templates, prompts and
 * completions, with schemas derived from the Java types.
 */
package io.beammcp.core.annotation;
