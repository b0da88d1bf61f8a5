package io.beammcp.sample;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;

/**
 * The cluster profile's database (application-cluster.yml): the PostgreSQL every instance shares, from the usual
 * {@code spring.datasource.*} properties. The sample leaves Spring Boot's DataSource auto-configuration out
 * ({@link WeatherApplication}) so that without the profile it runs, as before, with no database at all; an
 * application that always has its database needs none of this.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "beammcp.cluster.enabled", havingValue = "true")
@EnableConfigurationProperties(DataSourceProperties.class)
class WeatherCluster {

    @Bean
    DataSource dataSource(DataSourceProperties properties) {
        return properties.initializeDataSourceBuilder().build();
    }
}
