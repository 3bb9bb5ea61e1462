<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 402: the subscription is paused or a plan quota is spent (live mode only). */
class PaymentRequiredException extends ApiException
{
}
