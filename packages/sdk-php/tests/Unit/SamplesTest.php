<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Generator\Spec;
use Bahi\HttpClient\Request;
use Bahi\HttpClient\Response;
use Bahi\Internal\Json;
use Bahi\Internal\Operations;
use Bahi\Tests\Support\MockTransport;
use PHPUnit\Framework\TestCase;

/**
 * Runs every code sample the docs show (spec/code-samples/php) against a transport that answers with
 * the contract's example: each must call its own operation, send the contract's example request, and
 * print something of the answer without a warning.
 */
final class SamplesTest extends TestCase
{
    private const SAMPLES = __DIR__ . '/../../../../spec/code-samples/php';

    private const CONTRACT = __DIR__ . '/../../../contract/generated/openapi.json';

    private static ?Spec $spec = null;
    private static ?Spec $plainSpec = null;

    private static function spec(): Spec
    {
        return self::$spec ??= new Spec(self::CONTRACT);
    }

    /** The contract as json_decode reads it: its examples encode back to the JSON they are. */
    private static function plainSpec(): Spec
    {
        return self::$plainSpec ??= new Spec(self::CONTRACT, false);
    }

    /** @return array<string, array{string}> */
    public static function samples(): array
    {
        $samples = [];
        foreach (glob(self::SAMPLES . '/*.php') ?: [] as $file) {
            $samples[basename($file, '.php')] = [$file];
        }
        return $samples;
    }

    public function testThereIsASampleForEveryOperation(): void
    {
        $ids = [];
        foreach (self::spec()->operations() as $operation) {
            $ids[] = $operation['operationId'];
        }
        sort($ids);
        $samples = array_keys(self::samples());
        sort($samples);
        self::assertCount(59, $ids);
        self::assertSame($ids, $samples);
    }

    /** @dataProvider samples */
    public function testTheSampleRunsItsOperationWithTheContractsExample(string $file): void
    {
        $operationId = basename($file, '.php');
        $operation = null;
        foreach (self::spec()->operations() as $candidate) {
            if ($candidate['operationId'] === $operationId) {
                $operation = $candidate;
            }
        }
        self::assertNotNull($operation);
        $answer = $this->exampleAnswer($operation);
        $transport = (new MockTransport())->queue(
            $answer,
            // A list's next page, should the sample page on: the last one.
            MockTransport::json(200, ['object' => 'list', 'data' => [], 'has_more' => false, 'next_cursor' => null])
        );

        $source = (string) file_get_contents($file);
        self::assertStringStartsWith("<?php\n\nrequire __DIR__ . '/vendor/autoload.php';\n", $source);
        $client = "new \\Bahi\\Bahi(['api_key' => getenv('BAHI_API_KEY')])";
        self::assertStringContainsString("\$bahi = $client;", $source);
        $runnable = str_replace(
            ["<?php\n", "require __DIR__ . '/vendor/autoload.php';", $client],
            ['', '', "new \\Bahi\\Bahi(['api_key' => 'sk_test_samples', 'transport' => \$transport])"],
            $source
        );

        $directory = sys_get_temp_dir() . '/bahi-samples-' . getmypid();
        @mkdir($directory);
        file_put_contents("$directory/products.csv", "SKU,Item Name\nPEN-01,Pen\n");
        $cwd = (string) getcwd();
        chdir($directory);
        ob_start();
        try {
            (static function (MockTransport $transport) use ($runnable): void {
                eval($runnable);
            })($transport);
        } finally {
            $output = (string) ob_get_clean();
            chdir($cwd);
        }
        if (preg_match("/file_put_contents\\('([^']+)'/", $source, $written) === 1) {
            // A sample of a file's answer (a PDF) saves the bytes it was answered, as they came.
            self::assertSame(
                $answer->body,
                file_get_contents("$directory/{$written[1]}"),
                'the sample saves the answer'
            );
        } else {
            self::assertNotSame('', trim($output), 'the sample prints something of the answer');
        }

        $request = $transport->requests[0];
        $entry = Operations::ALL[$operationId];
        self::assertSame($entry['method'], $request->method);
        $path = preg_replace('/\\\\\{\w+\\\\\}/', '[^/?]+', preg_quote($entry['path'], '~'));
        $pattern = '~^https?://[^/]+' . $path . '(\?|$)~';
        self::assertMatchesRegularExpression($pattern, $request->url, "the sample calls $operationId");
        $this->assertSendsTheExample($operation, $request);
    }

    /** The request body the contract's example shows, number for number (JSON bodies). */
    private function assertSendsTheExample(array $operation, Request $request): void
    {
        $media = $operation['requestBody']['content']['application/json'] ?? null;
        if ($media === null || isset($operation['requestBody']['content']['multipart/form-data'])) {
            return;
        }
        $example = self::spec()->example($media);
        if ($example === null) {
            return;
        }
        self::assertNotNull($request->body);
        // Decoded the exact way on both sides: "99.99" from the example is the number 99.99 on the wire.
        self::assertSame($example, Json::decode((string) $request->body));
        self::assertDoesNotMatchRegularExpression('/"-?\d+\.\d+"/', (string) $request->body, 'an amount as a string');
    }

    /**
     * The contract's example of the operation's answer, or else the example of another operation
     * that answers with the same schema.
     */
    private function exampleAnswer(array $operation): Response
    {
        $spec = self::plainSpec();
        [$status, $type, $media] = self::success($operation);
        if ($type === 'application/pdf') {
            // The contract has no example of a binary file: a PDF's header and a byte that is not UTF-8.
            return new Response($status, ['Content-Type' => $type], "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n%%EOF\n");
        }
        $example = $spec->example($media);
        if ($example === null) {
            foreach ($spec->operations() as $other) {
                [, , $otherMedia] = self::success($other);
                if (($otherMedia['schema'] ?? null) === ($media['schema'] ?? null)) {
                    $example ??= $spec->example($otherMedia);
                }
            }
        }
        self::assertNotNull($example, "no example answer for {$operation['operationId']}");
        $body = is_string($example) ? $example : json_encode($example, JSON_THROW_ON_ERROR);
        return new Response($status, ['Content-Type' => $type], $body);
    }

    /** @return array{int, string, array<string, mixed>} */
    private static function success(array $operation): array
    {
        $plain = null;
        foreach (self::plainSpec()->operations() as $candidate) {
            if ($candidate['operationId'] === $operation['operationId']) {
                $plain = $candidate;
            }
        }
        foreach ($plain['responses'] ?? [] as $status => $response) {
            if ((int) $status >= 200 && (int) $status < 300) {
                foreach (self::plainSpec()->resolve($response)['content'] ?? [] as $type => $media) {
                    return [(int) $status, $type, $media];
                }
            }
        }
        self::fail("no 2xx answer for {$operation['operationId']}");
    }
}
