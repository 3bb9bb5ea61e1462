<?php

declare(strict_types=1);

namespace Bahi;

use Bahi\Internal\ApiClient;

/**
 * The base of every generated resource class (`$bahi->invoices`, `$bahi->products->imports`, …): each
 * of their methods is one operation of the contract, run by the shared client.
 */
abstract class AbstractService
{
    /** @internal services are made by the Bahi client */
    public function __construct(protected readonly ApiClient $client)
    {
    }

    /**
     * @param array<string, string> $pathParams
     * @param array<string, mixed>|null $params
     * @param array<string, mixed> $opts
     */
    protected function request(string $operationId, array $pathParams, ?array $params, array $opts): mixed
    {
        return $this->client->call($operationId, $pathParams, $params, $opts);
    }
}
