<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Bahi;
use Bahi\BaseClient;
use Bahi\Exception\InvalidArgumentException;
use Bahi\HttpClient\Response;
use Bahi\Model\Gstr1Portal;
use Bahi\Model\Gstr1Summary;
use Bahi\Model\Party;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;
use Bahi\Tests\Support\StubServer;
use Bahi\Upload;

final class ClientTest extends ClientTestCase
{
    public function testEveryRequestCarriesTheKeyAndTheSdksUserAgent(): void
    {
        $this->transport->queue(MockTransport::json(200, ['id' => 'acc_1', 'object' => 'account']));
        $this->client()->account->retrieve();
        $request = $this->transport->lastRequest();
        self::assertSame('GET', $request->method);
        self::assertSame('https://bahi.test/v1/account', $request->url);
        self::assertSame('Bearer ' . self::KEY, $request->header('authorization'));
        $userAgent = (string) $request->header('User-Agent');
        self::assertMatchesRegularExpression('~^bahi-php/0\.1\.0 \(PHP 8\.\d+\.\d+~', $userAgent);
        self::assertStringStartsWith('bahi-php/' . BaseClient::VERSION . ' ', (string) $request->header('User-Agent'));
        self::assertSame('application/json', $request->header('Accept'));
        self::assertNull($request->body);
    }

    public function testTheVersionIsTheChangelogsLatest(): void
    {
        $changelog = (string) file_get_contents(__DIR__ . '/../../CHANGELOG.md');
        self::assertMatchesRegularExpression('/^## ' . preg_quote(BaseClient::VERSION, '/') . '\b/m', $changelog);
    }

    public function testTestOrLiveModeComesFromTheKey(): void
    {
        self::assertFalse((new Bahi(['api_key' => 'sk_test_abc']))->livemode);
        self::assertTrue((new Bahi(['api_key' => 'sk_live_abc']))->livemode);
        self::assertNull((new Bahi(['api_key' => 'bahi_pat_abc']))->livemode, 'a token does not say');
    }

    public function testAClientNeedsAKey(): void
    {
        foreach ([[], ['api_key' => ''], ['api_key' => '  '], ['api_key' => null]] as $options) {
            try {
                new Bahi($options);
                self::fail('expected an InvalidArgumentException for ' . json_encode($options));
            } catch (InvalidArgumentException $e) {
                self::assertStringContainsString('no api_key given', $e->getMessage());
            }
        }
    }

    public function testMistakenOptionsAreRefusedNotIgnored(): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage('unknown option apiKey');
        new Bahi(['apiKey' => self::KEY]);
    }

    public function testMistakenRequestOptionsAreRefusedNotIgnored(): void
    {
        $this->expectExceptionMessage('unknown request option idempotencyKey');
        $this->client()->parties->create(['name' => 'A'], ['idempotencyKey' => 'k']);
    }

    public function testRequestOptionsAreChecked(): void
    {
        foreach ([['max_retries' => -1], ['max_retries' => '2'], ['timeout' => 0], ['timeout' => '5']] as $opts) {
            try {
                $this->client()->account->retrieve($opts);
                self::fail('expected an InvalidArgumentException for ' . json_encode($opts));
            } catch (InvalidArgumentException) {
            }
        }
        self::assertSame([], $this->transport->requests);
    }

    public function testTheKeyNeverShowsInDumps(): void
    {
        $bahi = $this->client();
        foreach ([print_r($bahi, true), var_export($bahi, true), self::varDump($bahi)] as $dump) {
            self::assertStringNotContainsString(self::KEY, $dump);
            self::assertStringNotContainsString(substr(self::KEY, 8, 20), $dump);
        }
        self::assertStringContainsString('sk_test_…DEFG', print_r($bahi, true));
        $this->transport->queue(MockTransport::json(200, ['id' => 'acc_1']));
        $bahi->account->retrieve();
        self::assertStringNotContainsString(self::KEY, print_r($this->transport->lastRequest(), true));
        $this->expectException(\Exception::class); // closures hold the key, and closures do not serialize
        serialize($bahi);
    }

    private static function varDump(mixed $value): string
    {
        ob_start();
        var_dump($value);
        return (string) ob_get_clean();
    }

    public function testBaseUrlsWithASlashAndBadOnes(): void
    {
        $this->transport->queue(MockTransport::json(200, ['id' => 'acc_1']));
        $this->client(['base_url' => 'https://bahi.test/'])->account->retrieve();
        self::assertSame('https://bahi.test/v1/account', $this->transport->lastRequest()->url);
        $this->expectExceptionMessage('base_url must be an http or https URL');
        $this->client(['base_url' => 'bahi.test']);
    }

    public function testPathParametersAreEncodedAndNeverEmpty(): void
    {
        $this->transport->queue(MockTransport::json(200, ['id' => 'x']));
        $this->client()->gstr1->retrieve('11/2026 ?#', ['format' => 'summary']);
        self::assertSame(
            'https://bahi.test/v1/gstr1/11%2F2026%20%3F%23?format=summary',
            $this->transport->lastRequest()->url
        );
        try {
            $this->client()->invoices->retrieve('');
            self::fail('an empty id would have listed the invoices');
        } catch (InvalidArgumentException $e) {
            self::assertSame('Bahi: retrieveInvoice needs a non-empty id', $e->getMessage());
        }
        self::assertCount(1, $this->transport->requests);
    }

    public function testQueryValuesAreWrittenAsTheContractReadsThem(): void
    {
        $this->transport->queue(
            MockTransport::json(200, ['object' => 'list', 'data' => [], 'has_more' => false, 'next_cursor' => null])
        );
        $this->client()->products->list(
            ['low_stock' => true, 'hsn_missing' => false, 'q' => 'pen & ink', 'limit' => 5, 'starting_after' => null]
        );
        self::assertSame(
            'https://bahi.test/v1/products?low_stock=true&hsn_missing=false&q=pen%20%26%20ink&limit=5',
            $this->transport->lastRequest()->url
        );
    }

    public function testAPostWithoutABodySendsNone(): void
    {
        $key = MockTransport::json(200, ['id' => 'key_1', 'object' => 'api_key']);
        $this->transport->queue($key, $key, $key);
        $this->client()->apiKeys->revoke('key_1');
        self::assertNull($this->transport->lastRequest()->body);
        self::assertNull($this->transport->lastRequest()->header('Content-Type'));
        self::assertNotNull($this->transport->lastRequest()->header('Idempotency-Key'));
        // an optional body: none when no parameters are given, JSON when some are
        $this->client()->apiKeys->rotate('key_1');
        self::assertNull($this->transport->lastRequest()->body);
        $this->client()->apiKeys->rotate('key_1', ['expires_in' => 3600]);
        self::assertSame('{"expires_in":3600}', $this->transport->lastRequest()->body);
    }

    public function testTheProductImportUploadIsAMultipartForm(): void
    {
        $this->transport->queue(
            MockTransport::json(202, ['id' => 'imp_1', 'object' => 'product_import', 'status' => 'queued'])
        );
        $csv = "SKU,Item Name,Price\nPEN-01,\"Ballpoint pen, blue\",99.99\n";
        $import = $this->client()->products->imports->create([
            'file' => Upload::fromString($csv, 'catalogue "v2".csv'),
            'sheet' => 'Products',
        ]);
        self::assertSame('queued', $import->status);
        $request = $this->transport->lastRequest();
        self::assertSame('https://bahi.test/v1/products/imports', $request->url);
        $contentType = (string) $request->header('Content-Type');
        self::assertMatchesRegularExpression('~^multipart/form-data; boundary=(bahi-[0-9a-f]{32})$~', $contentType);
        $boundary = substr((string) $request->header('Content-Type'), strlen('multipart/form-data; boundary='));
        self::assertSame(
            "--$boundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"catalogue \\\"v2\\\".csv\"\r\n"
            . "Content-Type: text/csv\r\n\r\n$csv\r\n"
            . "--$boundary\r\nContent-Disposition: form-data; name=\"sheet\"\r\n\r\nProducts\r\n"
            . "--$boundary--\r\n",
            $request->body
        );
    }

    public function testUploadsFromAPathAndFromAStream(): void
    {
        $path = tempnam(sys_get_temp_dir(), 'bahi') . '.xlsx';
        file_put_contents($path, "PK\x03\x04 workbook bytes");
        try {
            $upload = Upload::fromPath($path);
            self::assertSame(basename($path), $upload->filename);
            self::assertSame('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', $upload->contentType);
            $stream = fopen($path, 'rb');
            $this->transport->queue(MockTransport::json(202, ['id' => 'imp_1']));
            $this->client()->products->imports->create(['file' => $stream]);
            $body = (string) $this->transport->lastRequest()->body;
            $part = 'filename="' . basename($path) . "\"\r\nContent-Type: application/vnd.openxml";
            self::assertStringContainsString($part, $body);
            self::assertStringContainsString("PK\x03\x04 workbook bytes", $body);
        } finally {
            unlink($path);
        }
        $this->expectExceptionMessage('cannot read the file /no/such/file.csv');
        Upload::fromPath('/no/such/file.csv');
    }

    public function testTheImportErrorsDownloadIsText(): void
    {
        $csv = "row,sku,reason\n3,STAPLER,bad price\n";
        $this->transport->queue(new Response(200, ['Content-Type' => 'text/csv'], $csv));
        self::assertSame($csv, $this->client()->products->imports->retrieveErrors('imp_1'));
        self::assertSame('text/csv', $this->transport->lastRequest()->header('Accept'));
    }

    public function testADocumentsPdfIsItsBytesWithTheCopyAskedFor(): void
    {
        // A PDF's binary comment line and a NUL: bytes that any decoding as text would change.
        $pdf = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n\x00\xff";
        $bahi = $this->client();
        $calls = [
            ['/v1/invoices/inv_1/pdf', static fn () => $bahi->invoices->pdf('inv_1', ['copy' => 'duplicate'])],
            ['/v1/credit_notes/crn_1/pdf', static fn () => $bahi->creditNotes->pdf('crn_1', ['copy' => 'duplicate'])],
            ['/v1/debit_notes/dbn_1/pdf', static fn () => $bahi->debitNotes->pdf('dbn_1', ['copy' => 'duplicate'])],
        ];
        foreach ($calls as [$path, $call]) {
            $this->transport->queue(new Response(200, ['Content-Type' => 'application/pdf'], $pdf));
            self::assertSame($pdf, $call());
            $request = $this->transport->lastRequest();
            self::assertSame("https://bahi.test$path?copy=duplicate", $request->url);
            self::assertSame('application/pdf', $request->header('Accept'));
        }
        $this->transport->queue(MockTransport::problem(404, 'not_found'));
        $this->expectException(\Bahi\Exception\NotFoundException::class);
        $bahi->invoices->pdf('inv_gone');
    }

    public function testAUnionAnswerIsReadAsTheMemberItIs(): void
    {
        $this->transport->queue(
            MockTransport::json(200, ['object' => 'gstr1_summary', 'period' => '112026', 'sections' => []]),
            MockTransport::json(200, ['gstin' => '29AABCU9603R1ZJ', 'fp' => '112026', 'b2b' => []])
        );
        $summary = $this->client()->gstr1->retrieve('112026', ['format' => 'summary']);
        self::assertInstanceOf(Gstr1Summary::class, $summary);
        $portal = $this->client()->gstr1->retrieve('112026');
        self::assertInstanceOf(Gstr1Portal::class, $portal);
        self::assertSame('29AABCU9603R1ZJ', $portal->gstin);
    }

    public function testAnswersAreReadOnlyAndKeepTheirHttpAnswer(): void
    {
        $this->transport->queue(MockTransport::json(
            201,
            ['id' => 'pty_1', 'object' => 'party', 'future_field' => ['a' => 1]],
            ['Idempotent-Replayed' => 'true']
        ));
        $party = $this->client()->parties->create(['name' => 'A']);
        self::assertInstanceOf(Party::class, $party);
        self::assertSame(['a' => 1], $party->future_field, 'fields added to the API since are kept');
        self::assertSame(['id', 'object', 'future_field'], $party->keys());
        self::assertNull($party->gstin);
        self::assertFalse(isset($party->gstin));
        self::assertSame('true', $party->getLastResponse()?->header('idempotent-replayed'));
        self::assertSame(201, $party->getLastResponse()?->status);
        self::assertSame('{"id":"pty_1","object":"party","future_field":{"a":1}}', json_encode($party));
        $this->expectException(InvalidArgumentException::class);
        $party->name = 'B';
    }

    public function testTheCurlTransportSendsWhatTheSdkBuilt(): void
    {
        $server = StubServer::start();
        $bahi = new Bahi(['api_key' => self::KEY, 'base_url' => $server->url]);
        $echo = $bahi->invoices->create(
            ['party_id' => 'pty_1', 'items' => [['sku' => 'PEN-01', 'qty' => 3, 'rate' => '99.99']]],
            ['idempotency_key' => 'conformance-1']
        );
        self::assertSame('POST', $echo->method);
        self::assertSame('/v1/invoices', $echo->path);
        self::assertSame('{"party_id":"pty_1","items":[{"sku":"PEN-01","qty":3,"rate":99.99}]}', $echo->body);
        self::assertSame('Bearer ' . self::KEY, $echo->headers['authorization']);
        self::assertSame('conformance-1', $echo->headers['idempotency-key']);
        self::assertSame('application/json', $echo->headers['content-type']);
        self::assertStringStartsWith('bahi-php/' . BaseClient::VERSION, $echo->headers['user-agent']);
        self::assertSame(201, $echo->getLastResponse()?->status);

        $list = $bahi->invoices->list(['overdue' => true, 'limit' => 2]);
        self::assertSame('overdue=true&limit=2', $list->query);
        self::assertSame(
            "row,sku,reason\n3,STAPLER,\"price \"\"abc\"\" is not a number\"\n",
            $bahi->products->imports->retrieveErrors('imp_1')
        );
    }
}
