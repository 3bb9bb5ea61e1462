<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\AbstractService;
use Bahi\Bahi;
use Bahi\Generator\Generator;
use Bahi\Generator\Spec;
use Bahi\Internal\Operations;
use PHPUnit\Framework\TestCase;

final class GeneratorTest extends TestCase
{
    private const ROOT = __DIR__ . '/../../../..';

    public function testTheCommittedFilesAreWhatTheGeneratorWrites(): void
    {
        $files = (new Generator(new Spec(self::ROOT . '/packages/contract/generated/openapi.json')))->files();
        self::assertCount(167, $files);
        foreach ($files as $path => $contents) {
            self::assertFileExists(self::ROOT . "/$path");
            self::assertSame($contents, file_get_contents(self::ROOT . "/$path"), "$path is stale: run the generator");
        }
    }

    /**
     * Every service method reachable from a client, as `resource->…->method` => operationId.
     *
     * @return array<string, string>
     */
    private static function methods(): array
    {
        $methods = [];
        $walk = static function (object $owner, string $prefix) use (&$walk, &$methods): void {
            foreach ((new \ReflectionObject($owner))->getProperties(\ReflectionProperty::IS_PUBLIC) as $property) {
                $service = $property->getValue($owner);
                if (!$service instanceof AbstractService) {
                    continue;
                }
                $path = $prefix . $property->getName();
                foreach ((new \ReflectionObject($service))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                    if ($method->getDeclaringClass()->getName() !== get_class($service) || $method->isConstructor()) {
                        continue;
                    }
                    $lines = file((string) $method->getFileName());
                    $length = $method->getEndLine() - $method->getStartLine();
                    $body = implode('', array_slice($lines, $method->getStartLine(), $length));
                    preg_match("/->request\\('(\\w+)'/", $body, $m);
                    $methods["$path->{$method->getName()}"] = $m[1] ?? '?';
                }
                $walk($service, "$path->");
            }
        };
        $walk(new Bahi(['api_key' => 'sk_test_x']), '');
        return $methods;
    }

    public function testEveryOperationIsOneMethodOfTheClient(): void
    {
        $methods = self::methods();
        $ids = array_keys(Operations::ALL);
        self::assertCount(59, $ids);
        $called = array_values($methods);
        sort($called);
        sort($ids);
        self::assertSame($ids, $called, 'each operation is called by exactly one method, and each method calls one');
    }

    public function testResourcesAndVerbsAreNamedAsDesignMdSays(): void
    {
        $methods = self::methods();
        $expected = [
            'account->retrieve' => 'retrieveAccount',
            'apiKeys->list' => 'listApiKeys',
            'apiKeys->rotate' => 'rotateApiKey',
            'parties->update' => 'updateParty',
            'products->createStockAdjustment' => 'createStockAdjustment',
            'products->listRateHistory' => 'listProductRateHistory',
            'products->imports->create' => 'createProductImport',
            'products->imports->retrieveErrors' => 'retrieveProductImportErrors',
            'invoices->create' => 'createInvoice',
            'invoices->cancel' => 'cancelInvoice',
            'invoices->recordShippingBill' => 'recordInvoiceShippingBill',
            'invoices->einvoice->retrieve' => 'retrieveInvoiceEinvoice',
            'invoices->einvoice->jwks' => 'retrieveEinvoiceJwks',
            'payments->allocate' => 'allocatePayment',
            'creditNotes->create' => 'createCreditNote',
            'creditNotes->retrieveEinvoice' => 'retrieveCreditNoteEinvoice',
            'debitNotes->list' => 'listDebitNotes',
            'webhooks->del' => 'deleteWebhook',
            'webhooks->rotateSecret' => 'rotateWebhookSecret',
            'webhooks->listDeliveries' => 'listWebhookDeliveries',
            'events->retrieve' => 'retrieveEvent',
            'gstr1->retrieve' => 'retrieveGstr1',
        ];
        foreach ($expected as $path => $operationId) {
            self::assertSame($operationId, $methods[$path] ?? null, $path);
        }
    }

    public function testTheReadmesTableOfResourcesIsTrue(): void
    {
        $methods = self::methods();
        $readme = (string) file_get_contents(__DIR__ . '/../../README.md');
        preg_match_all('/^\| `([\w>-]+)`\s*\|(.*)\|$/m', $readme, $rows, PREG_SET_ORDER);
        self::assertCount(14, $rows);
        $listed = [];
        foreach ($rows as [, $property, $cell]) {
            preg_match_all('/`(\w+)[`(]/', $cell, $names);
            foreach ($names[1] as $name) {
                self::assertArrayHasKey("$property->$name", $methods, "README names $property->$name");
                $listed[] = "$property->$name";
            }
        }
        self::assertEqualsCanonicalizing(array_keys($methods), $listed, 'the README lists every method');
    }

    public function testTheBodysNumbersAreMarkedFromTheContract(): void
    {
        self::assertSame(
            ['items' => ['*' => ['qty' => true, 'rate' => true, 'discount' => true]]],
            Operations::ALL['createInvoice']['numbers']
        );
        self::assertSame(
            ['price' => true, 'gst_rate' => true, 'cess_rate' => true, 'opening_stock' => true],
            array_intersect_key(
                Operations::ALL['createProduct']['numbers'],
                ['price' => 1, 'gst_rate' => 1, 'cess_rate' => 1, 'opening_stock' => 1]
            )
        );
        self::assertSame('multipart', Operations::ALL['createProductImport']['body']);
        self::assertSame('text', Operations::ALL['retrieveProductImportErrors']['result']);
    }
}
