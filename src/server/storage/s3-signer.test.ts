import { describe, expect, it } from 'vitest';
import { canonicalQuery, EMPTY_PAYLOAD_SHA256, encodeKeyPath, signRequest } from './s3-signer';

describe('SigV4 signer', () => {
  it("reproduces AWS's published S3 example (GET Object with a Range)", () => {
    const headers = signRequest(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_SHA256,
        date: new Date('2013-05-24T00:00:00Z'),
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it("reproduces AWS's published S3 example with a query string (GET Bucket, list objects)", () => {
    const headers = signRequest(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/',
        query: { prefix: 'J', 'max-keys': '2' },
        headers: {},
        payloadHash: EMPTY_PAYLOAD_SHA256,
        date: new Date('2013-05-24T00:00:00Z'),
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;x-amz-content-sha256;x-amz-date, ' +
        'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
    expect(canonicalQuery({ 'continuation-token': 'a/b+c=', 'list-type': '2' })).toBe(
      'continuation-token=a%2Fb%2Bc%3D&list-type=2',
    );
  });

  it('encodes each path segment once, keeping the slashes', () => {
    expect(encodeKeyPath('/bucket/a b/ç(1)!.png')).toBe('/bucket/a%20b/%C3%A7%281%29%21.png');
  });
});
